import { z } from 'zod';
import {
  EVALUATION_KINDS,
  type AttemptRecord,
  type AttemptRowRecord,
  type AttemptUsageRecord,
  type EdgeRecord,
  type EvaluationRecord,
  type EventRecord,
  type RunRecord,
  type WaveRecord,
} from '../core/records.js';

// The record types live in core (the RunStore port speaks them); each schema below produces one.
export { EVALUATION_KINDS };
export type { AttemptRecord, AttemptRowRecord, AttemptUsageRecord, EdgeRecord, EvaluationKind, EvaluationRecord, EventRecord, RunRecord, WaveRecord } from '../core/records.js';

const int = z.number().int();
const nullableText = z.string().nullable();

const roleSchema = z.enum(['baseline', 'explorer', 'optimizer']);
const operatorSchema = z.enum(['baseline', 'explore', 'fan-out', 'deepen', 'merge', 'rebase', 'repair', 'import']);
const attemptStatusSchema = z.enum(['running', 'scored', 'invalid', 'failed', 'interrupted']);
const phaseSchema = z.enum(['prepare', 'waiting', 'agent', 'commit', 'evaluate', 'record', 'done']);
export const metricsSchema = z.record(z.string(), z.number());
const flagsSchema = z.array(z.string());
const codeSignatureSchema = z.record(z.string(), z.array(z.string()));
const sessionRefSchema = z.object({ backend: z.string(), id: z.string(), cumulativeCostUsd: z.number().optional() });

/** Parses a JSON column with a schema; a corrupt column is a store bug worth a clear message. */
export const jsonColumn = <T extends z.ZodType>(schema: T) =>
  z.string().nullable().transform((text, ctx): z.output<T> | null => {
    if (text === null) return null;
    try {
      return schema.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: `corrupt JSON column: ${text.slice(0, 80)}` });
      return z.NEVER;
    }
  });

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

/** Every column of `attempts`; report rows pick a subset of it. */
export const attemptColumns = {
  id: z.string(),
  seq: int,
  run_id: z.string(),
  wave: int,
  role: roleSchema,
  operator: operatorSchema,
  backend: z.string(),
  status: attemptStatusSchema,
  phase: phaseSchema,
  branch: z.string(),
  seed: int,
  context: nullableText,
  prompt: nullableText,
  base_commit: nullableText,
  head_commit: nullableText,
  tip_commit: nullableText,
  worktree: nullableText,
  log_dir: z.string(),
  hypothesis: nullableText,
  summary: nullableText,
  error: nullableText,
  score: z.number().nullable(),
  valid: int.nullable(),
  reason: nullableText,
  metrics_json: jsonColumn(metricsSchema),
  session_json: jsonColumn(sessionRefSchema),
  transcript_path: nullableText,
  input_tokens: int,
  output_tokens: int,
  cost_usd: z.number(),
  diff_files: int.nullable(),
  diff_insertions: int.nullable(),
  diff_deletions: int.nullable(),
  flags_json: jsonColumn(flagsSchema),
  code_signature_json: jsonColumn(codeSignatureSchema),
  created_at: int,
  started_at: int.nullable(),
  finished_at: int.nullable(),
};

export const attemptRecord = z
  .object(attemptColumns)
  .transform((row): AttemptRecord => ({
    id: row.id,
    seq: row.seq,
    runId: row.run_id,
    wave: row.wave,
    role: row.role,
    operator: row.operator,
    backend: row.backend,
    status: row.status,
    phase: row.phase,
    branch: row.branch,
    seed: row.seed,
    context: row.context,
    prompt: row.prompt,
    baseCommit: row.base_commit,
    headCommit: row.head_commit,
    tipCommit: row.tip_commit,
    worktree: row.worktree,
    logDir: row.log_dir,
    hypothesis: row.hypothesis,
    summary: row.summary,
    error: row.error,
    score: row.score,
    valid: row.valid === null ? null : row.valid === 1,
    reason: row.reason,
    metrics: row.metrics_json ?? {},
    session: row.session_json,
    transcriptPath: row.transcript_path,
    usage: { inputTokens: row.input_tokens, outputTokens: row.output_tokens, costUsd: row.cost_usd },
    diff: row.diff_files === null ? null : { files: row.diff_files, insertions: row.diff_insertions ?? 0, deletions: row.diff_deletions ?? 0 },
    flags: row.flags_json ?? [],
    codeSignature: row.code_signature_json,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }));

/** The columns reports need (status, graph): no prompt, context or commits, so 10,000 rows read fast. */
export const ATTEMPT_ROW_COLUMNS =
  'id, run_id, wave, role, operator, backend, status, phase, score, valid, reason, error, hypothesis, summary, cost_usd, flags_json, started_at, finished_at';

export const attemptRowRecord = z
  .object(attemptColumns)
  .pick({ id: true, run_id: true, wave: true, role: true, operator: true, backend: true, status: true, phase: true, score: true, valid: true, reason: true, error: true, hypothesis: true, summary: true, cost_usd: true, flags_json: true, started_at: true, finished_at: true })
  .transform((row): AttemptRowRecord => ({
    id: row.id,
    runId: row.run_id,
    wave: row.wave,
    role: row.role,
    operator: row.operator,
    backend: row.backend,
    status: row.status,
    phase: row.phase,
    score: row.score,
    valid: row.valid === null ? null : row.valid === 1,
    reason: row.reason ?? row.error,
    hypothesis: row.hypothesis,
    summary: row.summary,
    costUsd: row.cost_usd,
    flags: row.flags_json ?? [],
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  }));

/** Tokens and cost of one attempt, for the usage plots. */
export const attemptUsageRecord = z
  .object(attemptColumns)
  .pick({ id: true, input_tokens: true, output_tokens: true, cost_usd: true })
  .transform((row): AttemptUsageRecord => ({ id: row.id, inputTokens: row.input_tokens, outputTokens: row.output_tokens, costUsd: row.cost_usd }));

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
