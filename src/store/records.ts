import { z } from 'zod';
import { int, jsonColumn, metricsSchema, nullableText } from './column-schemas.js';
import {
  EVALUATION_KINDS,
  type EdgeRecord,
  type EvaluationRecord,
  type EventRecord,
  type RunRecord,
  type WaveRecord,
} from '../core/ports/records.js';

// The record types live in core (the RunStore port speaks them); each schema below (and in
// attempt-rows.ts, for the attempts table) produces one.
export { EVALUATION_KINDS };
export { int, jsonColumn, metricsSchema, nullableText } from './column-schemas.js';
export { ATTEMPT_ROW_COLUMNS, attemptColumns, attemptRecord, attemptRowRecord, attemptUsageRecord } from './attempt-rows.js';
export type { AttemptRecord, AttemptRowRecord, AttemptUsageRecord, EdgeRecord, EvaluationKind, EvaluationRecord, EventRecord, RunRecord, WaveRecord } from '../core/ports/records.js';

export const runRowSchema = z.object({
  id: z.string(),
  seq: int,
  status: z.enum(['running', 'finished', 'interrupted', 'failed']),
  description: z.string(),
  metric: z.string(),
  direction: z.enum(['maximize', 'minimize']),
  base_commit: z.string(),
  base_branch: nullableText,
  config_json: z.string(),
  attempt_budget: int,
  stop_reason: nullableText,
  owner_pid: int.nullable(),
  owner_started: int.nullable(),
  created_at: int,
  finished_at: int.nullable(),
  overrides_json: z.string(),
});

export const runRecord = runRowSchema.transform((row): RunRecord => ({
  id: row.id,
  status: row.status,
  description: row.description,
  objective: { metric: row.metric, direction: row.direction },
  baseCommit: row.base_commit,
  baseBranch: row.base_branch,
  configJson: row.config_json,
  attemptBudget: row.attempt_budget,
  stopReason: row.stop_reason,
  ownerPid: row.owner_pid,
  ownerStarted: row.owner_started,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  /** The CLI overrides the run was started (or last resumed) with, as JSON; validated where used. */
  overridesJson: row.overrides_json,
}));

export const waveColumns = { run_id: z.string(), number: int, policy: z.string(), rationale: z.string(), started_at: int, finished_at: int.nullable() };

export const waveRecord = z
  .object(waveColumns)
  .transform((row): WaveRecord => ({
    runId: row.run_id,
    number: row.number,
    policy: row.policy,
    rationale: row.rationale,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }));

export const edgeColumns = { from_id: z.string(), to_id: z.string(), kind: z.enum(['parent', 'merge', 'informed_by']), position: int };

export const edgeRecord = z
  .object(edgeColumns)
  .transform((row): EdgeRecord => ({ from: row.from_id, to: row.to_id, kind: row.kind, position: row.position }));

export const evaluationRecord = z
  .object({
    id: int,
    attempt_id: z.string(),
    kind: z.enum(EVALUATION_KINDS),
    stage: z.string(),
    seed: int,
    commit_sha: nullableText,
    valid: int,
    score: z.number().nullable(),
    metrics_json: jsonColumn(metricsSchema),
    reason: nullableText,
    feedback: nullableText,
    instances_json: jsonColumn(metricsSchema),
    artifacts_json: jsonColumn(z.record(z.string(), z.string())),
    exit_code: int.nullable(),
    signal: nullableText,
    timed_out: int,
    duration_ms: int,
    stdout_tail: z.string(),
    stderr_tail: z.string(),
    job_id: nullableText,
    cluster_json: jsonColumn(z.object({ node: z.string().nullable(), pendingMs: z.number().nullable(), state: z.string(), retries: z.number() })).optional(),
    created_at: int,
  })
  .transform((row): EvaluationRecord => ({
    id: row.id,
    attemptId: row.attempt_id,
    kind: row.kind,
    stage: row.stage,
    seed: row.seed,
    commit: row.commit_sha,
    valid: row.valid === 1,
    score: row.score,
    metrics: row.metrics_json ?? {},
    reason: row.reason,
    feedback: row.feedback,
    instances: row.instances_json,
    artifacts: row.artifacts_json,
    exitCode: row.exit_code,
    signal: row.signal,
    timedOut: row.timed_out === 1,
    durationMs: row.duration_ms,
    stdoutTail: row.stdout_tail,
    stderrTail: row.stderr_tail,
    jobId: row.job_id,
    cluster: row.cluster_json ?? null,
    createdAt: row.created_at,
  }));

export const eventRecord = z
  .object({ id: int, run_id: z.string(), attempt_id: nullableText, type: z.string(), data_json: z.string(), at: int })
  .transform((row): EventRecord => ({ id: row.id, runId: row.run_id, attemptId: row.attempt_id, type: row.type, data: row.data_json, at: row.at }));
