/**
 * The 12th migration: what `swarm status --json` reads of a long run (issue 29), kept by SQLite
 * itself as rows are written, so a reader prints 10,000 attempts without reading or building them
 * (store/status-json-reads.ts):
 * - each attempt's report row as JSON text (`attempt_report_json`), in the key order of the full
 *   report (store/report-rows.ts `toReportRow`);
 * - its facts the report's totals read (`attempt_facts`): status, score, dollars, its first
 *   parent's scored score, its evaluations, whether its official evaluation was copied;
 * - each wave's report row (`wave_report_json`), from the facts, with the run's direction.
 *
 * Triggers rewrite them whenever the attempt, its edges, its evaluations, its first parent's status
 * or score, or the wave change, in the writer's transaction (any writer, any version of swarm from
 * here on). Tables apart from `attempts`, so no index of theirs changes a plan of the queries on
 * `attempts` (a covering index there made the evaluation count scan the run once per evaluation).
 * A whole number prints as one (2, as JSON.stringify prints it), another as SQLite prints it (the
 * same double, at times in more digits), a non-finite one as null. The facts' indexes give the
 * totals' groups in order (no sort); the two indexes rebuilt cover the lookups of a row's parents
 * and evaluations. Only syntax an older sqlite3 shell reads (no ORDER BY inside an aggregate), so
 * the file stays open to the user's own tools. A trigger deletes, then inserts: a trigger's INSERT
 * OR REPLACE takes the conflict policy of the statement that fired it, and the store adds edges
 * with INSERT OR IGNORE.
 *
 * The text below is built once from the helpers; like every migration, what it builds never changes.
 */

/** A REAL as JSON.stringify prints it when whole (SQLite's json would print 2.0), else as is; null when not finite. */
export const jsonNumber = (x: string): string =>
  `CASE WHEN abs(${x}) < 9007199254740992 AND ${x} = CAST(${x} AS INTEGER) THEN CAST(${x} AS INTEGER) WHEN abs(${x}) <= 1.7976931348623157e308 THEN ${x} END`;

export const FACT_COLUMNS = 'run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials';

/** Rewrites the kept report text and facts of the attempt whose id is `id` (an expression). */
export const rewriteAttempt = (id: string): string => `
    DELETE FROM attempt_report_json WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = ${id});
    INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows WHERE id = ${id};
    ${rewriteFacts(id)}`;

/** Rewrites the kept facts of the attempt whose id is `id` (its evaluations changed, not its text). */
const rewriteFacts = (id: string): string => `DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = ${id});
    INSERT INTO attempt_facts SELECT ${FACT_COLUMNS} FROM attempt_report_rows WHERE id = ${id};`;

/** Rewrites the facts of the attempts whose first parent is `id` (its status or score changed, or it is gone). */
export const rewriteChildren = (id: string): string => `
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT c.run_id, c.seq FROM edges e JOIN attempts c ON c.id = e.to_id
      WHERE e.from_id = ${id} AND e.position = 0 AND e.kind != 'informed_by');
    INSERT INTO attempt_facts SELECT ${FACT_COLUMNS}
      FROM attempt_report_rows WHERE id IN (SELECT e.to_id FROM edges e WHERE e.from_id = ${id} AND e.position = 0 AND e.kind != 'informed_by');`;

/** Rewrites the kept report row of wave `number` of run `run` (expressions). */
export const rewriteWave = (run: string, number: string): string => `
    DELETE FROM wave_report_json WHERE run_id = ${run} AND number = ${number};
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = ${run} AND number = ${number};`;

/** The columns of the report view before its JSON text (facts of the attempt, its first parent's score, its evaluations). */
export const ATTEMPT_REPORT_COLUMNS = `a.id AS id, a.run_id AS run_id, a.seq AS seq, a.wave AS wave, a.role AS role,
    a.backend AS backend, a.status AS status, a.score AS score, a.cost_usd AS cost_usd,
    (a.flags_json LIKE '%"reused:%' OR a.flags_json LIKE '%"near-duplicate:%') AS copied,
    (SELECT CASE WHEN p.status = 'scored' THEN p.score END FROM attempts p
      WHERE p.id = (SELECT e.from_id FROM edges e WHERE e.to_id = a.id AND e.kind != 'informed_by' AND e.position = 0) AND p.run_id = a.run_id) AS parent_score,
    (SELECT count(*) FROM evaluations v WHERE v.attempt_id = a.id) AS evaluations,
    (SELECT count(*) FROM evaluations v WHERE v.attempt_id = a.id AND v.kind = 'official') AS officials,`;

/** The report row of attempt `a` as JSON text, in the key order of store/report-rows.ts `toReportRow`. */
export const ATTEMPT_REPORT_JSON = `json_object('id', a.id, 'runId', a.run_id, 'wave', a.wave, 'role', a.role, 'operator', a.operator, 'backend', a.backend,
      'status', a.status, 'phase', a.phase, 'score', ${jsonNumber('a.score')},
      'valid', CASE WHEN a.valid IS NULL THEN NULL WHEN a.valid = 1 THEN json('true') ELSE json('false') END,
      'reason', COALESCE(a.reason, a.error), 'hypothesis', a.hypothesis, 'summary', a.summary,
      'costUsd', ${jsonNumber('a.cost_usd')},
      'flags', CASE WHEN json_valid(a.flags_json) AND json_type(a.flags_json) = 'array' THEN json(a.flags_json) ELSE json('[]') END,
      'startedAt', a.started_at, 'finishedAt', a.finished_at,
      'parents', (SELECT json_group_array(from_id) FROM (SELECT e.from_id FROM edges e WHERE e.to_id = a.id AND e.kind != 'informed_by' ORDER BY e.position)),
      'durationMs', a.finished_at - a.started_at)`;

export const STATUS_REPORT_MIGRATION = `
  CREATE VIEW attempt_report_rows AS SELECT ${ATTEMPT_REPORT_COLUMNS}
    ${ATTEMPT_REPORT_JSON} AS json
    FROM attempts a;
  CREATE TABLE attempt_report_json (
    run_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    running INTEGER NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (run_id, seq)
  ) WITHOUT ROWID;
  CREATE TABLE attempt_facts (
    run_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    id TEXT NOT NULL,
    wave INTEGER NOT NULL,
    role TEXT NOT NULL,
    backend TEXT NOT NULL,
    status TEXT NOT NULL,
    score REAL,
    cost_usd REAL NOT NULL,
    copied INTEGER NOT NULL,
    parent_score REAL,
    evaluations INTEGER NOT NULL,
    officials INTEGER NOT NULL,
    PRIMARY KEY (run_id, seq)
  ) WITHOUT ROWID;
  CREATE VIEW wave_report_rows AS SELECT w.run_id AS run_id, w.number AS number,
    (SELECT count(*) FROM attempt_facts f WHERE f.run_id = w.run_id AND f.wave = w.number AND f.status = 'running') AS running,
    json_object('number', w.number,
      'attempts', (SELECT count(*) FROM attempt_facts f WHERE f.run_id = w.run_id AND f.wave = w.number),
      'running', (SELECT count(*) FROM attempt_facts f WHERE f.run_id = w.run_id AND f.wave = w.number AND f.status = 'running'),
      'bestScore', (SELECT CASE WHEN abs(b) < 9007199254740992 AND b = CAST(b AS INTEGER) THEN CAST(b AS INTEGER) ELSE b END FROM (
        SELECT CASE (SELECT r.direction FROM runs r WHERE r.id = w.run_id) WHEN 'minimize' THEN min(f.score) ELSE max(f.score) END AS b
        FROM attempt_facts f WHERE f.run_id = w.run_id AND f.wave = w.number AND f.status = 'scored')),
      'startedAt', w.started_at, 'finishedAt', w.finished_at) AS json
    FROM waves w;
  CREATE TABLE wave_report_json (
    run_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    running INTEGER NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (run_id, number)
  ) WITHOUT ROWID;
  CREATE INDEX attempt_facts_groups ON attempt_facts(run_id, status, role, backend, seq, cost_usd, score, parent_score, copied, evaluations, officials);
  CREATE INDEX attempt_facts_waves ON attempt_facts(run_id, wave, status, score);
  CREATE INDEX attempt_facts_best ON attempt_facts(run_id, status, score, seq, id);
  DROP INDEX edges_to;
  CREATE INDEX edges_to ON edges(to_id, kind, position, from_id);
  DROP INDEX evaluations_attempt;
  CREATE INDEX evaluations_attempt ON evaluations(attempt_id, kind);
  CREATE TRIGGER attempt_report_insert AFTER INSERT ON attempts BEGIN${rewriteAttempt('NEW.id')}${rewriteWave('NEW.run_id', 'NEW.wave')}
  END;
  CREATE TRIGGER attempt_report_update AFTER UPDATE OF id, run_id, seq, wave, role, operator, backend, status, phase, score, valid,
    reason, error, hypothesis, summary, cost_usd, flags_json, started_at, finished_at ON attempts BEGIN
    DELETE FROM attempt_report_json WHERE run_id = OLD.run_id AND seq = OLD.seq AND (OLD.run_id IS NOT NEW.run_id OR OLD.seq IS NOT NEW.seq);
    DELETE FROM attempt_facts WHERE run_id = OLD.run_id AND seq = OLD.seq AND (OLD.run_id IS NOT NEW.run_id OR OLD.seq IS NOT NEW.seq);${rewriteAttempt('NEW.id')}${rewriteWave('OLD.run_id', 'OLD.wave')}${rewriteWave('NEW.run_id', 'NEW.wave')}
  END;
  CREATE TRIGGER attempt_report_delete AFTER DELETE ON attempts BEGIN
    DELETE FROM attempt_report_json WHERE run_id = OLD.run_id AND seq = OLD.seq;
    DELETE FROM attempt_facts WHERE run_id = OLD.run_id AND seq = OLD.seq;${rewriteChildren('OLD.id')}${rewriteWave('OLD.run_id', 'OLD.wave')}
  END;
  CREATE TRIGGER attempt_report_edge_insert AFTER INSERT ON edges BEGIN${rewriteAttempt('NEW.to_id')}
  END;
  CREATE TRIGGER attempt_report_edge_delete AFTER DELETE ON edges BEGIN${rewriteAttempt('OLD.to_id')}
  END;
  CREATE TRIGGER attempt_report_edge_update AFTER UPDATE ON edges BEGIN${rewriteAttempt('OLD.to_id')}${rewriteAttempt('NEW.to_id')}
  END;
  CREATE TRIGGER attempt_facts_parent_update AFTER UPDATE OF status, score ON attempts
    WHEN OLD.status IS NOT NEW.status OR OLD.score IS NOT NEW.score BEGIN${rewriteChildren('NEW.id')}
  END;
  CREATE TRIGGER attempt_facts_evaluation_insert AFTER INSERT ON evaluations BEGIN
    ${rewriteFacts('NEW.attempt_id')}
  END;
  CREATE TRIGGER attempt_facts_evaluation_delete AFTER DELETE ON evaluations BEGIN
    ${rewriteFacts('OLD.attempt_id')}
  END;
  CREATE TRIGGER attempt_facts_evaluation_update AFTER UPDATE OF attempt_id, kind ON evaluations BEGIN
    ${rewriteFacts('OLD.attempt_id')}
    ${rewriteFacts('NEW.attempt_id')}
  END;
  CREATE TRIGGER wave_report_insert AFTER INSERT ON waves BEGIN${rewriteWave('NEW.run_id', 'NEW.number')}
  END;
  CREATE TRIGGER wave_report_update AFTER UPDATE ON waves BEGIN${rewriteWave('OLD.run_id', 'OLD.number')}${rewriteWave('NEW.run_id', 'NEW.number')}
  END;
  CREATE TRIGGER wave_report_delete AFTER DELETE ON waves BEGIN
    DELETE FROM wave_report_json WHERE run_id = OLD.run_id AND number = OLD.number;
  END;
  INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows;
  INSERT INTO attempt_facts SELECT ${FACT_COLUMNS} FROM attempt_report_rows;
  INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows;
  `;
