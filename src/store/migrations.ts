/** Versioned schema migrations; `PRAGMA user_version` records how many have been applied. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    status TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    metric TEXT NOT NULL,
    direction TEXT NOT NULL,
    base_commit TEXT NOT NULL,
    base_branch TEXT,
    config_json TEXT NOT NULL,
    attempt_budget INTEGER NOT NULL,
    stop_reason TEXT,
    owner_pid INTEGER,
    created_at INTEGER NOT NULL,
    finished_at INTEGER
  );
  CREATE TABLE waves (
    run_id TEXT NOT NULL REFERENCES runs(id),
    number INTEGER NOT NULL,
    policy TEXT NOT NULL,
    rationale TEXT NOT NULL DEFAULT '',
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (run_id, number)
  );
  CREATE TABLE attempts (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    run_id TEXT NOT NULL REFERENCES runs(id),
    wave INTEGER NOT NULL,
    role TEXT NOT NULL,
    operator TEXT NOT NULL,
    backend TEXT NOT NULL,
    status TEXT NOT NULL,
    phase TEXT NOT NULL,
    branch TEXT NOT NULL,
    seed INTEGER NOT NULL,
    context TEXT,
    prompt TEXT,
    base_commit TEXT,
    head_commit TEXT,
    tip_commit TEXT,
    worktree TEXT,
    log_dir TEXT NOT NULL,
    hypothesis TEXT,
    summary TEXT,
    error TEXT,
    score REAL,
    valid INTEGER,
    reason TEXT,
    metrics_json TEXT,
    session_json TEXT,
    transcript_path TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd REAL NOT NULL DEFAULT 0,
    diff_files INTEGER,
    diff_insertions INTEGER,
    diff_deletions INTEGER,
    flags_json TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    finished_at INTEGER
  );
  CREATE INDEX attempts_run ON attempts(run_id, seq);
  CREATE TABLE edges (
    run_id TEXT NOT NULL REFERENCES runs(id),
    from_id TEXT NOT NULL,
    to_id TEXT NOT NULL REFERENCES attempts(id),
    kind TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (from_id, to_id, kind)
  );
  CREATE INDEX edges_run ON edges(run_id);
  CREATE TABLE evaluations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    kind TEXT NOT NULL,
    stage TEXT NOT NULL,
    seed INTEGER NOT NULL,
    commit_sha TEXT,
    valid INTEGER NOT NULL,
    score REAL,
    metrics_json TEXT NOT NULL,
    reason TEXT,
    feedback TEXT,
    instances_json TEXT,
    artifacts_json TEXT,
    exit_code INTEGER,
    signal TEXT,
    timed_out INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    stdout_tail TEXT NOT NULL,
    stderr_tail TEXT NOT NULL,
    job_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX evaluations_attempt ON evaluations(attempt_id);
  CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL,
    attempt_id TEXT,
    type TEXT NOT NULL,
    data_json TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX events_run ON events(run_id, id);
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    backend TEXT NOT NULL,
    ref TEXT NOT NULL,
    parent_session_id TEXT,
    messages_json TEXT,
    cumulative_cost_usd REAL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_attempt ON sessions(attempt_id);
  `,
  // The driver's start time beside its pid (clock ticks since boot, /proc/<pid>/stat field 22):
  // a pid reused by another process after the driver died must not make the run look alive.
  `ALTER TABLE runs ADD COLUMN owner_started INTEGER;`,
  // Where a cluster runner ran an evaluation: node, pending time, Slurm state, resubmissions.
  `ALTER TABLE evaluations ADD COLUMN cluster_json TEXT;`,
  // The flags `swarm run` was started with, so a plain `swarm run` resuming the run keeps them.
  `
  ALTER TABLE runs ADD COLUMN overrides_json TEXT NOT NULL DEFAULT '{}';
  `,
  // Evaluations of one kind (held-out results in \`swarm status\`) without reading every evaluation of the run.
  `CREATE INDEX evaluations_kind ON evaluations(kind, attempt_id);`,
  // Reads a driver repeats for every attempt, each found through an index instead of a scan of the
  // run (a run's cost per attempt must not grow with its size): events of a type (limit waits,
  // the LLM Shepherd's usage) and of an attempt, the waves still open, the attempts still running,
  // the edges into new attempts, the best scored attempts (the best so far, an agent's inspirations) without sorting them all.
  `
  CREATE INDEX events_type ON events(run_id, type, id);
  CREATE INDEX events_attempt ON events(attempt_id, type);
  CREATE INDEX waves_open ON waves(run_id, number) WHERE finished_at IS NULL;
  CREATE INDEX attempts_running ON attempts(run_id, wave) WHERE status = 'running';
  CREATE INDEX attempts_best ON attempts(run_id, score, seq) WHERE status = 'scored' AND score IS NOT NULL;
  CREATE INDEX edges_to ON edges(to_id, kind, position);
  `,
  // Where and which way each attempt's code differs from the baseline (core/code-signature.ts),
  // written by the audit step: the policies' niches when no evaluator metric names them.
  `ALTER TABLE attempts ADD COLUMN code_signature_json TEXT;`,
  // The Pareto front of a run's feasible attempts over objective.metrics (issue 32): kept
  // incrementally by the record step, read by the policies, status, graph, report and plot.
  `
  CREATE TABLE pareto_front (
    run_id TEXT NOT NULL REFERENCES runs(id),
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    PRIMARY KEY (run_id, attempt_id)
  );
  `,
  // Where an imported attempt (swarm run --new --from) came from: an edge across runs, apart from
  // \`edges\`, whose rows are the physical parents and declared sources inside one run.
  `
  CREATE TABLE imports (
    run_id TEXT NOT NULL REFERENCES runs(id),
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    from_run TEXT NOT NULL,
    from_attempt TEXT NOT NULL,
    from_score REAL,
    PRIMARY KEY (run_id, attempt_id)
  );
  `,
  // Evolving explorer instructions (shepherd.metaPrompts, issue 32): the run's variants, and the
  // variant each explorer was given (apart from attempts, so their row mapping is untouched).
  `
  CREATE TABLE instruction_variants (
    run_id TEXT NOT NULL REFERENCES runs(id),
    id TEXT NOT NULL,
    parent TEXT,
    text TEXT NOT NULL,
    origin TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    retired_at INTEGER,
    PRIMARY KEY (run_id, id)
  );
  CREATE TABLE attempt_instructions (
    attempt_id TEXT PRIMARY KEY REFERENCES attempts(id),
    run_id TEXT NOT NULL REFERENCES runs(id),
    variant_id TEXT NOT NULL
  );
  CREATE INDEX attempt_instructions_run ON attempt_instructions(run_id);
  `,
  // The batch job of an attempt's agent (agent.runner "slurm", issue 30): job id, node, pending
  // time, Slurm state and resubmissions, as evaluations.cluster_json holds them for evaluations.
  `ALTER TABLE attempts ADD COLUMN agent_job_json TEXT;`,
  // What \`swarm status --json\` reads of a long run (issue 29), kept by SQLite itself as rows are
  // written, so a reader prints 10,000 attempts without reading or building them: each attempt's
  // report row as JSON text; its facts the report's totals read (status, score, dollars, its first
  // parent's scored score, its evaluations, whether its official evaluation was copied); and each
  // wave's report row. Triggers rewrite them whenever the attempt, its edges, its evaluations, its
  // first parent's status or score, or the wave change, in the writer's transaction (any writer,
  // any version of swarm from here on). Tables apart from \`attempts\`, so no index of theirs
  // changes a plan of the queries on \`attempts\`. The texts have the key order of the full report;
  // a whole number prints as one (2, as JSON.stringify prints it), another as SQLite prints it (the
  // same double, at times in more digits), a non-finite one as null. The facts' indexes give the
  // totals' groups in order (no sort); the two indexes rebuilt cover the lookups of a row's parents
  // and evaluations. Only syntax an older sqlite3 shell reads (no ORDER BY inside an aggregate), so
  // the file stays open to the user's own tools. A trigger deletes, then inserts: a trigger's INSERT
  // OR REPLACE takes the conflict policy of the statement that fired it, and the store adds edges
  // with INSERT OR IGNORE.
  `
  CREATE VIEW attempt_report_rows AS SELECT a.id AS id, a.run_id AS run_id, a.seq AS seq, a.wave AS wave, a.role AS role,
    a.backend AS backend, a.status AS status, a.score AS score, a.cost_usd AS cost_usd,
    (a.flags_json LIKE '%"reused:%' OR a.flags_json LIKE '%"near-duplicate:%') AS copied,
    (SELECT CASE WHEN p.status = 'scored' THEN p.score END FROM attempts p
      WHERE p.id = (SELECT e.from_id FROM edges e WHERE e.to_id = a.id AND e.kind != 'informed_by' AND e.position = 0) AND p.run_id = a.run_id) AS parent_score,
    (SELECT count(*) FROM evaluations v WHERE v.attempt_id = a.id) AS evaluations,
    (SELECT count(*) FROM evaluations v WHERE v.attempt_id = a.id AND v.kind = 'official') AS officials,
    json_object('id', a.id, 'runId', a.run_id, 'wave', a.wave, 'role', a.role, 'operator', a.operator, 'backend', a.backend,
      'status', a.status, 'phase', a.phase, 'score', CASE WHEN abs(a.score) < 9007199254740992 AND a.score = CAST(a.score AS INTEGER) THEN CAST(a.score AS INTEGER) WHEN abs(a.score) <= 1.7976931348623157e308 THEN a.score END,
      'valid', CASE WHEN a.valid IS NULL THEN NULL WHEN a.valid = 1 THEN json('true') ELSE json('false') END,
      'reason', COALESCE(a.reason, a.error), 'hypothesis', a.hypothesis, 'summary', a.summary,
      'costUsd', CASE WHEN abs(a.cost_usd) < 9007199254740992 AND a.cost_usd = CAST(a.cost_usd AS INTEGER) THEN CAST(a.cost_usd AS INTEGER) WHEN abs(a.cost_usd) <= 1.7976931348623157e308 THEN a.cost_usd END,
      'flags', CASE WHEN json_valid(a.flags_json) AND json_type(a.flags_json) = 'array' THEN json(a.flags_json) ELSE json('[]') END,
      'startedAt', a.started_at, 'finishedAt', a.finished_at,
      'parents', (SELECT json_group_array(from_id) FROM (SELECT e.from_id FROM edges e WHERE e.to_id = a.id AND e.kind != 'informed_by' ORDER BY e.position)),
      'durationMs', a.finished_at - a.started_at) AS json
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
  CREATE TRIGGER attempt_report_insert AFTER INSERT ON attempts BEGIN
    DELETE FROM attempt_report_json WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.id);
    INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows WHERE id = NEW.id;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = NEW.id;
    DELETE FROM wave_report_json WHERE run_id = NEW.run_id AND number = NEW.wave;
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = NEW.run_id AND number = NEW.wave;
  END;
  CREATE TRIGGER attempt_report_update AFTER UPDATE OF id, run_id, seq, wave, role, operator, backend, status, phase, score, valid,
    reason, error, hypothesis, summary, cost_usd, flags_json, started_at, finished_at ON attempts BEGIN
    DELETE FROM attempt_report_json WHERE run_id = OLD.run_id AND seq = OLD.seq AND (OLD.run_id IS NOT NEW.run_id OR OLD.seq IS NOT NEW.seq);
    DELETE FROM attempt_facts WHERE run_id = OLD.run_id AND seq = OLD.seq AND (OLD.run_id IS NOT NEW.run_id OR OLD.seq IS NOT NEW.seq);
    DELETE FROM attempt_report_json WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.id);
    INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows WHERE id = NEW.id;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = NEW.id;
    DELETE FROM wave_report_json WHERE run_id = OLD.run_id AND number = OLD.wave;
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = OLD.run_id AND number = OLD.wave;
    DELETE FROM wave_report_json WHERE run_id = NEW.run_id AND number = NEW.wave;
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = NEW.run_id AND number = NEW.wave;
  END;
  CREATE TRIGGER attempt_report_delete AFTER DELETE ON attempts BEGIN
    DELETE FROM attempt_report_json WHERE run_id = OLD.run_id AND seq = OLD.seq;
    DELETE FROM attempt_facts WHERE run_id = OLD.run_id AND seq = OLD.seq;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT c.run_id, c.seq FROM edges e JOIN attempts c ON c.id = e.to_id
      WHERE e.from_id = OLD.id AND e.position = 0 AND e.kind != 'informed_by');
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials
      FROM attempt_report_rows WHERE id IN (SELECT e.to_id FROM edges e WHERE e.from_id = OLD.id AND e.position = 0 AND e.kind != 'informed_by');
    DELETE FROM wave_report_json WHERE run_id = OLD.run_id AND number = OLD.wave;
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = OLD.run_id AND number = OLD.wave;
  END;
  CREATE TRIGGER attempt_report_edge_insert AFTER INSERT ON edges BEGIN
    DELETE FROM attempt_report_json WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.to_id);
    INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows WHERE id = NEW.to_id;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.to_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = NEW.to_id;
  END;
  CREATE TRIGGER attempt_report_edge_delete AFTER DELETE ON edges BEGIN
    DELETE FROM attempt_report_json WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = OLD.to_id);
    INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows WHERE id = OLD.to_id;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = OLD.to_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = OLD.to_id;
  END;
  CREATE TRIGGER attempt_report_edge_update AFTER UPDATE ON edges BEGIN
    DELETE FROM attempt_report_json WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = OLD.to_id);
    INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows WHERE id = OLD.to_id;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = OLD.to_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = OLD.to_id;
    DELETE FROM attempt_report_json WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.to_id);
    INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows WHERE id = NEW.to_id;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.to_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = NEW.to_id;
  END;
  CREATE TRIGGER attempt_facts_parent_update AFTER UPDATE OF status, score ON attempts
    WHEN OLD.status IS NOT NEW.status OR OLD.score IS NOT NEW.score BEGIN
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT c.run_id, c.seq FROM edges e JOIN attempts c ON c.id = e.to_id
      WHERE e.from_id = NEW.id AND e.position = 0 AND e.kind != 'informed_by');
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials
      FROM attempt_report_rows WHERE id IN (SELECT e.to_id FROM edges e WHERE e.from_id = NEW.id AND e.position = 0 AND e.kind != 'informed_by');
  END;
  CREATE TRIGGER attempt_facts_evaluation_insert AFTER INSERT ON evaluations BEGIN
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.attempt_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = NEW.attempt_id;
  END;
  CREATE TRIGGER attempt_facts_evaluation_delete AFTER DELETE ON evaluations BEGIN
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = OLD.attempt_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = OLD.attempt_id;
  END;
  CREATE TRIGGER attempt_facts_evaluation_update AFTER UPDATE OF attempt_id, kind ON evaluations BEGIN
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = OLD.attempt_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = OLD.attempt_id;
    DELETE FROM attempt_facts WHERE (run_id, seq) IN (SELECT run_id, seq FROM attempts WHERE id = NEW.attempt_id);
    INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows WHERE id = NEW.attempt_id;
  END;
  CREATE TRIGGER wave_report_insert AFTER INSERT ON waves BEGIN
    DELETE FROM wave_report_json WHERE run_id = NEW.run_id AND number = NEW.number;
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = NEW.run_id AND number = NEW.number;
  END;
  CREATE TRIGGER wave_report_update AFTER UPDATE ON waves BEGIN
    DELETE FROM wave_report_json WHERE run_id = OLD.run_id AND number = OLD.number;
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = OLD.run_id AND number = OLD.number;
    DELETE FROM wave_report_json WHERE run_id = NEW.run_id AND number = NEW.number;
    INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows WHERE run_id = NEW.run_id AND number = NEW.number;
  END;
  CREATE TRIGGER wave_report_delete AFTER DELETE ON waves BEGIN
    DELETE FROM wave_report_json WHERE run_id = OLD.run_id AND number = OLD.number;
  END;
  INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows;
  INSERT INTO attempt_facts SELECT run_id, seq, id, wave, role, backend, status, score, cost_usd, copied, parent_score, evaluations, officials FROM attempt_report_rows;
  INSERT INTO wave_report_json SELECT run_id, number, running, json FROM wave_report_rows;
  `,
];
