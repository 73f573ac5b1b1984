import { crownableSql } from '../core/domain/crowning.js';
import { prepared } from './prepared.js';
import { EvaluationCounts } from './evaluation-count.js';
import { PopulationQueries } from './population-rows.js';
import { FrontQueries } from './front-rows.js';
import { ImportQueries } from './import-rows.js';
import { AgentJobQueries } from './agent-job-rows.js';
import { InstructionQueries } from './instruction-rows.js';
import { ReportQueries } from './report-queries.js';
import { saveSession, sessionHistory } from './session-rows.js';
import { z } from 'zod';
import type { AttemptPatch, EvalOutcome, NewAttempt, NewRun, RunPatch, RunQueries, SessionRef, StoreHandle } from '../core/ports/index.js';
import type { EdgeKind } from '../core/domain/types.js';
import { limitPageCache, mapForReading, openDatabase, type Db } from './open-database.js';
import {
  ATTEMPT_ROW_COLUMNS, attemptRecord, attemptRowRecord, attemptUsageRecord, edgeRecord, evaluationRecord, eventRecord, runRecord, waveRecord,
  type AttemptRecord, type AttemptRowRecord, type AttemptUsageRecord, type EdgeRecord, type EvaluationKind, type EvaluationRecord, type EventRecord, type RunRecord, type WaveRecord,
} from './records.js';
const usageRow = z.object({ tokens: z.number(), costUsd: z.number() });
const parseAll = <T extends z.ZodType>(schema: T, rows: unknown[]): z.output<T>[] => rows.map((row) => schema.parse(row));

/** The run database: one instance per process, every recorded step in one transaction. */
export class SwarmStore implements RunQueries, StoreHandle {
  readonly db: Db;
  readonly population: PopulationQueries;
  readonly front: FrontQueries; readonly imports: ImportQueries; readonly reports: ReportQueries; readonly instructions: InstructionQueries;
  readonly agentJobs: AgentJobQueries;
  private readonly evaluationCounts: EvaluationCounts;
  private constructor(db: Db, readonly path: string) {
    this.db = db;
    this.population = new PopulationQueries(db);
    this.front = new FrontQueries(db); this.imports = new ImportQueries(db); this.reports = new ReportQueries(this); this.instructions = new InstructionQueries(db);
    this.agentJobs = new AgentJobQueries(db);
    this.evaluationCounts = new EvaluationCounts(db);
  }

  static open(path: string, options: { mustExist?: boolean } = {}): SwarmStore {
    return new SwarmStore(openDatabase(path, options), path);
  }

  /** The store of a process that drives a run: a smaller page cache (see limitPageCache). */
  static openForDriver(path: string): SwarmStore { return limitPageCache(SwarmStore.open(path)); }

  /** The store of a short-lived read command: the file read through a memory map (see mapForReading). */
  static openForReading(path: string): SwarmStore { return mapForReading(SwarmStore.open(path, { mustExist: true })); }

  /** False once closed. */
  get isOpen(): boolean { return this.db.open; }
  close(): void { if (this.isOpen) this.db.close(); }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  createRun(input: NewRun, now = Date.now()): RunRecord {
    return this.transaction(() => {
      const seq = Math.max(Number(prepared(this.db, 'SELECT COALESCE(MAX(seq), 0) + 1 FROM runs', { pluck: true }).get()), (input.minSeq ?? 0) + 1);
      const id = `r${seq}`;
      prepared(
        this.db,
        `INSERT INTO runs (id, seq, status, description, metric, direction, base_commit, base_branch, config_json,
           attempt_budget, owner_pid, owner_started, created_at, overrides_json) VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, seq, input.description, input.metric, input.direction, input.baseCommit, input.baseBranch, input.configJson, input.attemptBudget, input.ownerPid, input.ownerStarted ?? null, now, input.overridesJson ?? '{}');
      this.insertEvent(id, null, 'run.started', { baseCommit: input.baseCommit }, now);
      return this.requireRun(id);
    });
  }

  getRun(id: string): RunRecord | null {
    const row = prepared(this.db, 'SELECT * FROM runs WHERE id = ?').get(id);
    return row === undefined ? null : runRecord.parse(row);
  }

  requireRun(id: string): RunRecord {
    const run = this.getRun(id);
    if (run === null) throw new Error(`run ${id} vanished from the store`);
    return run;
  }

  latestRun(): RunRecord | null {
    const row = prepared(this.db, 'SELECT * FROM runs ORDER BY seq DESC LIMIT 1').get();
    return row === undefined ? null : runRecord.parse(row);
  }

  listRuns(): RunRecord[] {
    return parseAll(runRecord, prepared(this.db, 'SELECT * FROM runs ORDER BY seq').all());
  }

  updateRun(id: string, patch: RunPatch): void {
    const sets: string[] = [];
    const values: unknown[] = [];
    const add = (column: string, value: unknown): void => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    if (patch.status !== undefined) add('status', patch.status);
    if (patch.stopReason !== undefined) add('stop_reason', patch.stopReason);
    if (patch.finishedAt !== undefined) add('finished_at', patch.finishedAt);
    if (patch.ownerPid !== undefined) add('owner_pid', patch.ownerPid);
    if (patch.ownerStarted !== undefined) add('owner_started', patch.ownerStarted);
    if (patch.attemptBudget !== undefined) add('attempt_budget', patch.attemptBudget);
    if (patch.overridesJson !== undefined) add('overrides_json', patch.overridesJson);
    if (sets.length === 0) return;
    prepared(this.db, `UPDATE runs SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  }

  startWave(runId: string, number: number, policy: string, rationale: string, now = Date.now()): void {
    prepared(this.db, 'INSERT OR IGNORE INTO waves (run_id, number, policy, rationale, started_at) VALUES (?, ?, ?, ?, ?)')
      .run(runId, number, policy, rationale, now);
  }

  finishWave(runId: string, number: number, now = Date.now()): void {
    prepared(this.db, 'UPDATE waves SET finished_at = ? WHERE run_id = ? AND number = ? AND finished_at IS NULL').run(now, runId, number);
  }

  listWaves(runId: string): WaveRecord[] {
    return parseAll(waveRecord, prepared(this.db, 'SELECT * FROM waves WHERE run_id = ? ORDER BY number').all(runId));
  }

  /** Allocates the next attempt id (`a<n>`, unique across runs) and records it with its edges. */
  createAttempt(input: NewAttempt, now = Date.now()): AttemptRecord {
    return this.transaction(() => {
      const seq = Number(prepared(this.db, 'SELECT COALESCE(MAX(seq), 0) + 1 FROM attempts', { pluck: true }).get());
      const id = `a${seq}`;
      const { branch, logDir } = input.paths(id);
      prepared(
        this.db,
        `INSERT INTO attempts (id, seq, run_id, wave, role, operator, backend, status, phase, branch, seed, context,
           log_dir, created_at, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'running', 'prepare', ?, ?, ?, ?, ?, ?)`,
      ).run(id, seq, input.runId, input.wave, input.role, input.operator, input.backend, branch, input.seed, input.context, logDir, now, now);
      const edge = prepared(this.db, 'INSERT OR IGNORE INTO edges (run_id, from_id, to_id, kind, position) VALUES (?, ?, ?, ?, ?)');
      input.parents.forEach((parent, index) => edge.run(input.runId, parent, id, (index === 0 ? 'parent' : 'merge') satisfies EdgeKind, index));
      input.informedBy.forEach((source, index) => edge.run(input.runId, source, id, 'informed_by' satisfies EdgeKind, index));
      this.insertEvent(input.runId, id, 'attempt.planned', { role: input.role, operator: input.operator, parents: input.parents, wave: input.wave }, now);
      return this.requireAttempt(id);
    });
  }

  updateAttempt(id: string, patch: AttemptPatch): void {
    const sets: string[] = [];
    const values: unknown[] = [];
    const add = (column: string, value: unknown): void => {
      sets.push(`${column} = ?`);
      values.push(value);
    };
    const direct: Array<[keyof AttemptPatch, string]> = [
      ['status', 'status'], ['phase', 'phase'], ['prompt', 'prompt'], ['baseCommit', 'base_commit'],
      ['headCommit', 'head_commit'], ['tipCommit', 'tip_commit'], ['worktree', 'worktree'], ['hypothesis', 'hypothesis'],
      ['summary', 'summary'], ['error', 'error'], ['score', 'score'], ['reason', 'reason'],
      ['transcriptPath', 'transcript_path'], ['startedAt', 'started_at'], ['finishedAt', 'finished_at'],
    ];
    for (const [key, column] of direct) if (patch[key] !== undefined) add(column, patch[key]);
    if (patch.valid !== undefined) add('valid', patch.valid === null ? null : patch.valid ? 1 : 0);
    if (patch.metrics !== undefined) add('metrics_json', patch.metrics === null ? null : JSON.stringify(patch.metrics));
    if (patch.session !== undefined) add('session_json', patch.session === null ? null : JSON.stringify(patch.session));
    if (patch.flags !== undefined) add('flags_json', JSON.stringify(patch.flags));
    if (patch.codeSignature !== undefined) add('code_signature_json', JSON.stringify(patch.codeSignature));
    if (patch.usage !== undefined) {
      add('input_tokens', patch.usage.inputTokens);
      add('output_tokens', patch.usage.outputTokens);
      add('cost_usd', patch.usage.costUsd);
    }
    if (patch.diff !== undefined) {
      add('diff_files', patch.diff?.files ?? null);
      add('diff_insertions', patch.diff?.insertions ?? null);
      add('diff_deletions', patch.diff?.deletions ?? null);
    }
    if (sets.length === 0) return;
    prepared(this.db, `UPDATE attempts SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  }

  getAttempt(id: string): AttemptRecord | null {
    const row = prepared(this.db, 'SELECT * FROM attempts WHERE id = ?').get(id);
    return row === undefined ? null : attemptRecord.parse(row);
  }

  requireAttempt(id: string): AttemptRecord {
    const attempt = this.getAttempt(id);
    if (attempt === null) throw new Error(`attempt ${id} vanished from the store`);
    return attempt;
  }

  /** Attempts of any run still recorded `running` (at most the concurrency of dead drivers). */
  listRunningAttempts(): AttemptRecord[] {
    return parseAll(attemptRecord, prepared(this.db, "SELECT * FROM attempts WHERE status = 'running' ORDER BY seq").all());
  }

  listAttempts(runId: string): AttemptRecord[] {
    return parseAll(attemptRecord, prepared(this.db, 'SELECT * FROM attempts WHERE run_id = ? ORDER BY seq').all(runId));
  }

  /** Attempts of a run with only the columns reports need (see ATTEMPT_ROW_COLUMNS). */
  listAttemptRows(runId: string): AttemptRowRecord[] {
    return parseAll(attemptRowRecord, prepared(this.db, `SELECT ${ATTEMPT_ROW_COLUMNS} FROM attempts WHERE run_id = ? ORDER BY seq`).all(runId));
  }

  /** Tokens and cost of every attempt of a run (interrupted ones left out on request), oldest first. */
  listAttemptUsage(runId: string, options: { excludeInterrupted?: boolean } = {}): AttemptUsageRecord[] {
    const where = options.excludeInterrupted === true ? " AND status != 'interrupted'" : '';
    return parseAll(attemptUsageRecord, prepared(this.db, `SELECT id, input_tokens, output_tokens, cost_usd FROM attempts WHERE run_id = ?${where} ORDER BY seq`).all(runId));
  }

  /** Ids of the best scored attempts of a run that may be crowned (`crownable`), best first (ties: oldest first). */
  bestAttemptIds(runId: string, direction: 'maximize' | 'minimize', limit: number): string[] {
    const order = direction === 'maximize' ? 'DESC' : 'ASC';
    const ids: unknown[] = prepared(this.db, `SELECT id FROM attempts WHERE run_id = ? AND status = 'scored' AND score IS NOT NULL AND ${crownableSql()} ORDER BY score ${order}, seq LIMIT ?`, { pluck: true })
      .all(runId, limit);
    return ids.filter((id): id is string => typeof id === 'string');
  }

  getAttemptRow(id: string): AttemptRowRecord | null {
    const row = prepared(this.db, `SELECT ${ATTEMPT_ROW_COLUMNS} FROM attempts WHERE id = ?`).get(id);
    return row === undefined ? null : attemptRowRecord.parse(row);
  }

  listEdges(runId: string): EdgeRecord[] {
    return parseAll(edgeRecord, prepared(this.db, 'SELECT from_id, to_id, kind, position FROM edges WHERE run_id = ? ORDER BY to_id, kind, position').all(runId));
  }

  addEvaluation(attemptId: string, kind: EvaluationKind, outcome: EvalOutcome & { stage: string; seed: number; commit: string | null }, now = Date.now()): number {
    const result = prepared(
      this.db,
      `INSERT INTO evaluations (attempt_id, kind, stage, seed, commit_sha, valid, score, metrics_json, reason, feedback,
         instances_json, artifacts_json, exit_code, signal, timed_out, duration_ms, stdout_tail, stderr_tail, job_id, cluster_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
        attemptId, kind, outcome.stage, outcome.seed, outcome.commit, outcome.valid ? 1 : 0, outcome.score,
        JSON.stringify(outcome.metrics), outcome.reason, outcome.feedback,
        outcome.instances === null ? null : JSON.stringify(outcome.instances),
        outcome.artifacts === null ? null : JSON.stringify(outcome.artifacts),
        outcome.exitCode, outcome.signal, outcome.timedOut ? 1 : 0, Math.round(outcome.durationMs),
        outcome.stdoutTail, outcome.stderrTail, outcome.jobId, outcome.cluster ? JSON.stringify(outcome.cluster) : null, now,
      );
    return Number(result.lastInsertRowid);
  }

  /** Evaluator runs of a run, as `budget.evaluations` counts them. */
  countEvaluations(runId: string): number {
    return this.evaluationCounts.count(runId);
  }

  listEvaluations(attemptId: string): EvaluationRecord[] {
    return parseAll(evaluationRecord, prepared(this.db, 'SELECT * FROM evaluations WHERE attempt_id = ? ORDER BY id').all(attemptId));
  }

  addEvent(runId: string, type: string, data: Record<string, unknown>, attemptId: string | null = null, now = Date.now()): void {
    this.insertEvent(runId, attemptId, type, data, now);
  }

  /** Tokens and USD recorded on events of one type (e.g. the LLM Shepherd's own calls). */
  eventUsage(runId: string, type: string): { tokens: number; costUsd: number } {
    const row: unknown = prepared(
      this.db,
      `SELECT COALESCE(SUM(json_extract(data_json, '$.inputTokens')), 0) + COALESCE(SUM(json_extract(data_json, '$.outputTokens')), 0) AS tokens,
              COALESCE(SUM(json_extract(data_json, '$.costUsd')), 0) AS costUsd
       FROM events WHERE run_id = ? AND type = ?`,
    ).get(runId, type);
    const parsed = usageRow.safeParse(row);
    return parsed.success ? parsed.data : { tokens: 0, costUsd: 0 };
  }

  /** When the run last recorded anything (its newest event, found by the (run_id, id) index), or null before its first. */
  lastEventAt(runId: string): number | null {
    const at: unknown = prepared(this.db, 'SELECT at FROM events WHERE run_id = ? ORDER BY id DESC LIMIT 1', { pluck: true }).get(runId);
    return typeof at === 'number' ? at : null;
  }

  // `ORDER BY +id` below: SQLite sorts the few rows it finds by type (or attempt) instead of walking the run's events in id order.

  /** One attempt's events of the given types, oldest first. */
  attemptEvents(runId: string, attemptId: string, types: readonly string[]): EventRecord[] {
    if (types.length === 0) return [];
    const rows = prepared(this.db, `SELECT * FROM events WHERE run_id = ? AND attempt_id = ? AND type IN (${types.map(() => '?').join(', ')}) ORDER BY +id`)
      .all(runId, attemptId, ...types);
    return parseAll(eventRecord, rows);
  }

  listEvents(runId: string, afterId = 0): EventRecord[] {
    return parseAll(eventRecord, prepared(this.db, 'SELECT * FROM events WHERE run_id = ? AND id > ? ORDER BY id').all(runId, afterId));
  }

  /** Events of the given types, oldest first (e.g. the limit waits `swarm status` shows). */
  listEventsOfType(runId: string, types: readonly string[]): EventRecord[] {
    if (types.length === 0) return [];
    const marks = types.map(() => '?').join(', ');
    return parseAll(eventRecord, prepared(this.db, `SELECT * FROM events WHERE run_id = ? AND type IN (${marks}) ORDER BY +id`).all(runId, ...types));
  }

  saveSession(input: { attemptId: string; ref: SessionRef; parentSessionId: string | null; messagesJson: string | null }, now = Date.now()): void {
    saveSession(this.db, input, now);
  }

  /** The stored conversation of a session (`messages_json`), or null. */
  getSessionHistory(ref: SessionRef): string | null { return sessionHistory(this.db, ref); }

  private insertEvent(runId: string, attemptId: string | null, type: string, data: Record<string, unknown>, now: number): void {
    prepared(this.db, 'INSERT INTO events (run_id, attempt_id, type, data_json, at) VALUES (?, ?, ?, ?, ?)').run(runId, attemptId, type, JSON.stringify(data), now);
  }
}
