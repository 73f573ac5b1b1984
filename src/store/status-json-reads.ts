import Database from 'better-sqlite3';
import { sqliteOpenOptions } from './native-binding.js';
import { MIGRATIONS } from './migrations.js';
import { ATTEMPT_TEXTS, WAVE_TEXTS } from './status-blocks-migration.js';
import { keptJsonArray } from './status-json-blocks.js';
import { StatusJsonUnreadable, fail, int, intOrNull, num, numOrNull, rowsOf, text, textOrNull } from './status-json-values.js';
import { NOMINATED_EVENT, WAITING_EVENT } from '../core/domain/event-types.js';
import type { Direction } from '../core/domain/score.js';
import { crownableSql } from '../core/domain/crowning.js';
import type { RunStatus } from '../core/domain/types.js';

/** A fact row of an attempt that may be crowned: its flags live in `attempts` (the facts keep no flags). */
const CROWNABLE_FACT = `NOT EXISTS (SELECT 1 FROM attempts a WHERE a.id = f.id AND NOT (${crownableSql('a.flags_json')}))`;

/**
 * The reads behind `swarm status --json` on its start-up path (issue 29): plain SQL over the report
 * texts and facts that triggers keep as rows are written (tables `attempt_report_json` and
 * `attempt_facts`, migrations.ts), typed by hand instead of by zod, whose loading alone costs about
 * as much as the whole answer.
 * Each read returns what the report prints, summed and ordered by SQLite; a value of another type
 * than expected throws (`StatusJsonUnreadable`), and the caller then builds the report the full way.
 */

export { StatusJsonUnreadable };

/** Attempts of one status, role and backend (`StatusJsonReads.groups`). */
export interface AttemptGroup {
  status: string;
  role: string;
  backend: string;
  attempts: number;
  costUsd: number;
  /** The dollars of those that spent anything (what `costByRole` sums). */
  spentUsd: number;
  /** The seq of its first attempt, and of its first that spent anything (null: none did). */
  firstSeq: number;
  firstSpentSeq: number | null;
  /** Its scored attempts that beat their first parent's scored score. */
  improvements: number;
  /** Its attempts whose score is not a finite number. */
  nonFinite: number;
  /** Evaluator runs of its attempts (the official one copied to a reused or near-duplicate attempt is none: EvaluationCounts). */
  evaluations: number;
}

export interface StatusJsonRun {
  id: string;
  status: RunStatus;
  description: string;
  objective: { metric: string; direction: Direction };
  createdAt: number;
  finishedAt: number | null;
  stopReason: string | null;
  attemptBudget: number;
  configJson: string;
  ownerPid: number | null;
  ownerStarted: number | null;
}

const RUN_STATUSES = new Set<string>(['running', 'finished', 'interrupted', 'failed'] satisfies RunStatus[]);

/** Opens the run database for this path: mapped, read in one snapshot; null when its schema is not this swarm's. */
export const openStatusJsonReads = (path: string): StatusJsonReads | null => {
  const db = new Database(path, { ...sqliteOpenOptions(), fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    if (Number(db.pragma('user_version', { simple: true })) !== MIGRATIONS.length) {
      db.close();
      return null;
    }
    db.pragma('mmap_size = 268435456');
    // One read transaction: every read below sees the same moment of a run being written.
    db.exec('BEGIN');
    return new StatusJsonReads(db);
  } catch (error) {
    db.close();
    throw error;
  }
};

export class StatusJsonReads {
  constructor(private readonly db: Database.Database) {}

  close(): void {
    if (this.db.inTransaction) this.db.exec('COMMIT');
    this.db.close();
  }

  private all(sql: string, ...params: unknown[]): unknown[][] {
    return rowsOf(this.db.prepare(sql).raw(true).all(...params));
  }

  private one(sql: string, ...params: unknown[]): unknown {
    return this.db.prepare(sql).pluck(true).get(...params);
  }

  /** The run `id`, or the latest one; null when there is none. */
  run(id: string | undefined): StatusJsonRun | null {
    const columns = 'id, status, description, metric, direction, created_at, finished_at, stop_reason, attempt_budget, config_json, owner_pid, owner_started';
    const found = id === undefined
      ? this.all(`SELECT ${columns} FROM runs ORDER BY seq DESC LIMIT 1`)
      : this.all(`SELECT ${columns} FROM runs WHERE id = ?`, id);
    const row = found[0];
    if (row === undefined) return null;
    const status = text(row[1], 'run status');
    const direction = text(row[4], 'direction');
    if (!RUN_STATUSES.has(status) || (direction !== 'maximize' && direction !== 'minimize')) fail('run');
    return {
      id: text(row[0], 'run id'), status: status as RunStatus, description: text(row[2], 'description'), objective: { metric: text(row[3], 'metric'), direction: direction as Direction },
      createdAt: int(row[5], 'created_at'), finishedAt: intOrNull(row[6], 'finished_at'), stopReason: textOrNull(row[7], 'stop_reason'),
      attemptBudget: int(row[8], 'attempt_budget'), configJson: text(row[9], 'config_json'), ownerPid: intOrNull(row[10], 'owner_pid'), ownerStarted: intOrNull(row[11], 'owner_started'),
    };
  }

  /**
   * What the report of this run holds that these reads do not build, named (null when none): a
   * running attempt's batch job, explorer instruction variants, a limit a running run waits on.
   * The full report handles them (and a score that is not a finite number: see `groups`).
   */
  beyondReach(run: StatusJsonRun): string | null {
    if (this.one("SELECT 1 FROM attempts WHERE run_id = ? AND status = 'running' AND agent_job_json IS NOT NULL LIMIT 1", run.id) !== undefined) return 'agent jobs';
    if (this.one('SELECT 1 FROM instruction_variants WHERE run_id = ? LIMIT 1', run.id) !== undefined) return 'instruction variants';
    if (this.one('SELECT 1 FROM attempt_instructions WHERE run_id = ? LIMIT 1', run.id) !== undefined) return 'instruction variants';
    if (run.status === 'running' && this.one('SELECT 1 FROM events WHERE run_id = ? AND type = ? LIMIT 1', run.id, WAITING_EVENT) !== undefined) return 'limit waits';
    return null;
  }

  /**
   * The run's attempts as a JSON array, oldest first: the texts the triggers keep, as UTF-8 bytes in
   * parts to write one after the other (`keptJsonArray`). Of a stale run (`orphan` set) a row left
   * running shows as interrupted, with `orphan.reason`, its clock stopped at `orphan.lastActivityAt`
   * (app/queries/attempt-rows.ts `orphanedRow`).
   */
  attemptsJson(runId: string, orphan: { reason: string; lastActivityAt: number } | null): Buffer[] {
    return orphan === null
      ? keptJsonArray(this.db, ATTEMPT_TEXTS, runId)
      : keptJsonArray(this.db, ATTEMPT_TEXTS, runId, `CASE WHEN running
          THEN json_set(json, '$.status', 'interrupted', '$.reason', @reason, '$.durationMs',
            CASE WHEN json_extract(json, '$.startedAt') IS NULL THEN NULL ELSE CAST(max(0, @at - json_extract(json, '$.startedAt')) AS INTEGER) END)
          ELSE json END`, { reason: orphan.reason, at: orphan.lastActivityAt });
  }

  /** The run's waves as a JSON array by number (UTF-8 parts, `keptJsonArray`), as the triggers keep them; of a stale run none running. */
  wavesJson(runId: string, stale: boolean): Buffer[] {
    return keptJsonArray(this.db, WAVE_TEXTS, runId, stale ? "CASE WHEN running > 0 THEN json_set(json, '$.running', 0) ELSE json END" : 'json');
  }

  /**
   * The run's attempts in groups of one status, role and backend, in one scan: how many, their
   * dollars, their first attempt (seq) and first attempt that spent anything, how many beat their
   * first parent's scored score (`direction`), how many have a score that is not a finite number,
   * and how many evaluator runs they had.
   */
  groups(runId: string, direction: Direction): AttemptGroup[] {
    const beats = direction === 'maximize' ? 'score > parent_score' : 'score < parent_score';
    return this.all(
      `SELECT status, role, backend, count(*), total(cost_usd), total(CASE WHEN cost_usd > 0 THEN cost_usd END),
         min(seq), min(CASE WHEN cost_usd > 0 THEN seq END),
         total(status = 'scored' AND score IS NOT NULL AND parent_score IS NOT NULL AND ${beats}),
         total(NOT abs(score) <= 1.7976931348623157e308),
         total(evaluations - CASE WHEN copied THEN officials ELSE 0 END)
       FROM attempt_facts
       WHERE run_id = ? GROUP BY status, role, backend`,
      runId,
    ).map(([status, role, backend, n, cost, spent, firstSeq, firstSpentSeq, improvements, nonFinite, evaluations]) => ({
      status: text(status, 'status'), role: text(role, 'role'), backend: text(backend, 'backend'), attempts: int(n, 'count'), costUsd: num(cost, 'cost'), spentUsd: num(spent, 'cost'),
      firstSeq: int(firstSeq, 'seq'), firstSpentSeq: intOrNull(firstSpentSeq, 'seq'), improvements: num(improvements, 'count'), nonFinite: num(nonFinite, 'count'), evaluations: num(evaluations, 'count'),
    }));
  }

  /** The run's first baseline attempt that was not interrupted (nor left running, of a stale run). */
  baseline(runId: string, stale: boolean): { id: string; score: number | null } | null {
    const row = this.all(`SELECT id, score FROM attempt_facts WHERE run_id = ? AND role = 'baseline' AND status NOT IN ('interrupted'${stale ? ", 'running'" : ''}) ORDER BY seq LIMIT 1`, runId)[0];
    return row === undefined ? null : { id: text(row[0], 'id'), score: numOrNull(row[1], 'score') };
  }

  /** The best scored attempt that may be crowned (`crownable`); of equal scores the first. */
  best(runId: string, direction: Direction): { id: string; score: number } | null {
    // The best score, then its first attempt: both seeks on the facts' index (one ORDER BY of mixed directions would sort).
    const row = this.all(
      `SELECT id, score FROM attempt_facts f WHERE run_id = @run AND status = 'scored' AND ${CROWNABLE_FACT}
         AND score = (SELECT ${direction === 'maximize' ? 'max' : 'min'}(score) FROM attempt_facts f WHERE run_id = @run AND status = 'scored' AND ${CROWNABLE_FACT})
       ORDER BY seq LIMIT 1`,
      { run: runId },
    )[0];
    return row === undefined ? null : { id: text(row[0], 'id'), score: num(row[1], 'score') };
  }

  // The reads below start from their few rows and find each attempt by id (CROSS JOIN keeps that
  // order: the planner otherwise walked all the run's facts to probe them, ~2 ms at 10,000 attempts).

  /** The latest held-out result of each attempt (in the order of its first), with the attempt's own score. */
  heldOut(runId: string): Array<{ id: string; score: number | null; heldOut: number | null; valid: boolean }> {
    const latest = new Map<string, { id: string; score: number | null; heldOut: number | null; valid: boolean }>();
    for (const [id, valid, heldOut, score] of this.all(
      `SELECT e.attempt_id, e.valid, e.score, a.score FROM evaluations e CROSS JOIN attempts a ON a.id = e.attempt_id WHERE e.kind = 'held-out' AND a.run_id = ? ORDER BY e.id`,
      runId,
    )) {
      const key = text(id, 'id');
      latest.set(key, { id: key, score: numOrNull(score, 'score'), heldOut: numOrNull(heldOut, 'score'), valid: int(valid, 'valid') === 1 });
    }
    return [...latest.values()];
  }

  /** The run's nominations, oldest first, with the nominated attempt's score. */
  nominations(runId: string): Array<{ attemptId: string; reason: string; score: number | null }> {
    return this.all(
      `SELECT ev.attempt_id, ev.data_json, a.score FROM events ev LEFT JOIN attempts a ON a.id = ev.attempt_id AND a.run_id = ev.run_id
       WHERE ev.run_id = ? AND ev.type = ? AND ev.attempt_id IS NOT NULL ORDER BY ev.id`,
      runId, NOMINATED_EVENT,
    ).map(([id, data, score]) => {
      const parsed: unknown = JSON.parse(text(data, 'nomination'));
      const reason = typeof parsed === 'object' && parsed !== null && 'reason' in parsed ? parsed.reason : undefined;
      const by = typeof parsed === 'object' && parsed !== null && 'by' in parsed ? parsed.by : undefined;
      if (by !== null && typeof by !== 'string') fail('nomination');
      return { attemptId: text(id, 'id'), reason: text(reason, 'nomination'), score: numOrNull(score, 'score') };
    });
  }

  /** Ids of the run's Pareto front, in attempt order. */
  front(runId: string): string[] {
    return this.all('SELECT f.attempt_id FROM pareto_front f CROSS JOIN attempts a ON a.id = f.attempt_id WHERE f.run_id = ? ORDER BY a.seq', runId).map(([id]) => text(id, 'id'));
  }

  /** Attempts imported from earlier runs, in attempt order. */
  imports(runId: string): Array<{ id: string; from: string; fromScore: number | null }> {
    return this.all('SELECT i.attempt_id, i.from_run, i.from_attempt, i.from_score FROM imports i CROSS JOIN attempts a ON a.id = i.attempt_id WHERE i.run_id = ? ORDER BY a.seq', runId)
      .map(([id, fromRun, fromAttempt, fromScore]) => ({ id: text(id, 'id'), from: `${text(fromRun, 'run')}/${text(fromAttempt, 'id')}`, fromScore: numOrNull(fromScore, 'score') }));
  }

  /** The data (JSON) of the run's latest event of `type`, or null (the recorded space: core/views/run-space.ts). */
  latestEventData(runId: string, type: string): string | null {
    return textOrNull(this.one('SELECT data_json FROM events WHERE run_id = ? AND type = ? ORDER BY id DESC LIMIT 1', runId, type) ?? null, 'event data');
  }

  /** The id of the latest run. */
  latestRunId(): string | null {
    return textOrNull(this.one('SELECT id FROM runs ORDER BY seq DESC LIMIT 1') ?? null, 'run id');
  }

  /** When the run recorded its latest event (store `lastEventAt`). */
  lastEventAt(runId: string): number | null {
    const at = this.one('SELECT at FROM events WHERE run_id = ? ORDER BY id DESC LIMIT 1', runId);
    return typeof at === 'number' ? at : null;
  }
}
