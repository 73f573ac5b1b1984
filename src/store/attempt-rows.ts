import { z } from 'zod';
import type { AttemptRecord, AttemptRowRecord, AttemptUsageRecord } from '../core/ports/records.js';
import { int, jsonColumn, metricsSchema, nullableText } from './column-schemas.js';

const roleSchema = z.enum(['baseline', 'explorer', 'optimizer']);
const operatorSchema = z.enum(['baseline', 'explore', 'fan-out', 'deepen', 'merge', 'rebase', 'repair', 'import']);
const attemptStatusSchema = z.enum(['running', 'scored', 'invalid', 'failed', 'interrupted']);
const phaseSchema = z.enum(['prepare', 'waiting', 'agent', 'commit', 'evaluate', 'record', 'done']);
const flagsSchema = z.array(z.string());
const codeSignatureSchema = z.record(z.string(), z.array(z.string()));
const sessionRefSchema = z.object({ backend: z.string(), id: z.string(), cumulativeCostUsd: z.number().optional() });

/** Every column of `attempts`; each record of an attempt (full, report row, population row, usage) picks a subset of it. */
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

/** A row of `attempts` as zod reads it (JSON columns parsed). */
export type AttemptColumns = z.output<z.ZodObject<typeof attemptColumns>>;

// The one mapping of the columns every attempt record shares; each record below spreads it.
type Shared = 'id' | 'run_id' | 'wave' | 'role' | 'operator' | 'backend' | 'status' | 'score' | 'flags_json' | 'finished_at';

/** The shared fields of every attempt record, mapped once. */
export const sharedAttemptFields = (row: Pick<AttemptColumns, Shared>) => ({
  id: row.id,
  runId: row.run_id,
  wave: row.wave,
  role: row.role,
  operator: row.operator,
  backend: row.backend,
  status: row.status,
  score: row.score,
  flags: row.flags_json ?? [],
  finishedAt: row.finished_at,
});

/** `valid` as stored (0/1, null before an evaluation). */
export const validOf = (valid: number | null): boolean | null => (valid === null ? null : valid === 1);

/** The diff columns: null until the attempt's change was measured. */
export const diffOf = (row: Pick<AttemptColumns, 'diff_files' | 'diff_insertions' | 'diff_deletions'>): AttemptRecord['diff'] =>
  row.diff_files === null ? null : { files: row.diff_files, insertions: row.diff_insertions ?? 0, deletions: row.diff_deletions ?? 0 };

export const attemptRecord = z
  .object(attemptColumns)
  .transform((row): AttemptRecord => ({
    ...sharedAttemptFields(row),
    seq: row.seq,
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
    valid: validOf(row.valid),
    reason: row.reason,
    metrics: row.metrics_json ?? {},
    session: row.session_json,
    transcriptPath: row.transcript_path,
    usage: { inputTokens: row.input_tokens, outputTokens: row.output_tokens, costUsd: row.cost_usd },
    diff: diffOf(row),
    codeSignature: row.code_signature_json,
    createdAt: row.created_at,
    startedAt: row.started_at,
  }));

/** The columns reports need (status, graph): no prompt, context or commits, so 10,000 rows read fast. */
export const ATTEMPT_ROW_COLUMNS =
  'id, run_id, wave, role, operator, backend, status, phase, score, valid, reason, error, hypothesis, summary, cost_usd, flags_json, started_at, finished_at';

export const attemptRowRecord = z
  .object(attemptColumns)
  .pick({ id: true, run_id: true, wave: true, role: true, operator: true, backend: true, status: true, phase: true, score: true, valid: true, reason: true, error: true, hypothesis: true, summary: true, cost_usd: true, flags_json: true, started_at: true, finished_at: true })
  .transform((row): AttemptRowRecord => ({
    ...sharedAttemptFields(row),
    phase: row.phase,
    valid: validOf(row.valid),
    reason: row.reason ?? row.error,
    hypothesis: row.hypothesis,
    summary: row.summary,
    costUsd: row.cost_usd,
    startedAt: row.started_at,
  }));

/** Tokens and cost of one attempt, for the usage plots. */
export const attemptUsageRecord = z
  .object(attemptColumns)
  .pick({ id: true, input_tokens: true, output_tokens: true, cost_usd: true })
  .transform((row): AttemptUsageRecord => ({ id: row.id, inputTokens: row.input_tokens, outputTokens: row.output_tokens, costUsd: row.cost_usd }));
