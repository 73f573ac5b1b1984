import type { EvalOutcome } from '../../../core/ports.js';
import type { AttemptRecord, EvaluationRecord } from '../../../store/records.js';
import { gitShowBytes } from '../../../workspace/git-command.js';
import { FINDINGS_FILE, matchProtected } from '../../../workspace/index.js';
import { onlyCommentsDiffer } from './audit-comments.js';
import { codeHash, decidingEvaluation, findIdenticalCode } from './audit-tree.js';
import type { CheckoutEvaluation } from '../../evaluation/evaluate-checkout.js';
import type { RunContext } from '../../run/run-context.js';

export interface ChangeAudit {
  /** `no-change`, `comments-only`, `outside-solution-files`. */
  flags: string[];
  codeHash: string;
  /** An evaluated attempt with byte-identical code, whose result is reused instead of evaluating again. */
  reuse: { from: string; evaluation: CheckoutEvaluation } | null;
}

const show = async (root: string, commit: string, file: string): Promise<string | null> => (await gitShowBytes(root, `${commit}:${file}`))?.toString('utf8') ?? null;

const commentsOnly = async (root: string, base: string, head: string, files: readonly string[]): Promise<boolean> => {
  for (const file of files) {
    const [before, after] = await Promise.all([show(root, base, file), show(root, head, file)]);
    if (before === null || after === null || !onlyCommentsDiffer(file, before, after)) return false;
  }
  return files.length > 0;
};

/**
 * The twin's recorded result as this attempt's own: its final score, validity and reason (after
 * any confirmation with other seeds), not the single-seed score of its first evaluation.
 */
const reusedEvaluation = (twin: AttemptRecord, record: EvaluationRecord): CheckoutEvaluation => {
  const valid = twin.status === 'scored';
  const outcome: EvalOutcome = {
    metrics: twin.metrics,
    score: valid ? twin.score : null,
    valid,
    reason: twin.reason,
    feedback: record.feedback,
    instances: record.instances,
    artifacts: record.artifacts,
    exitCode: record.exitCode,
    signal: record.signal,
    timedOut: record.timedOut,
    durationMs: 0,
    stdoutTail: `(result reused from ${twin.id}: byte-identical code, the evaluator was not run)\n${record.stdoutTail}`,
    stderrTail: record.stderrTail,
    jobId: null,
  };
  return { final: outcome, results: [{ stage: record.stage, seed: record.seed, kind: 'official', outcome }], violations: [] };
};

/**
 * Audits of an attempt's committed change before it is evaluated (findings.md never counts as a
 * change): no change at all, only comments, only files outside `task.solutionFiles`; and whether
 * an evaluated attempt of the run already has byte-identical code. `changedPaths` are the paths
 * the commit changed (from the attempt's diff stat, so git is not asked twice).
 */
export const auditChange = async (ctx: RunContext, base: string, head: string, changedPaths: readonly string[]): Promise<ChangeAudit> => {
  const root = ctx.workspace.root;
  const changed = changedPaths.filter((file) => file !== FINDINGS_FILE);
  const flags: string[] = [];
  // Independent git reads, run side by side: this sits on every attempt's critical path.
  const [onlyComments, hash] = await Promise.all([changed.length > 0 && commentsOnly(root, base, head, changed), codeHash(root, head)]);
  if (changed.length === 0) flags.push('no-change');
  else if (onlyComments) flags.push('comments-only');
  const solution = ctx.config.task.solutionFiles;
  if (changed.length > 0 && solution.length > 0 && matchProtected(changed, solution).length === 0) flags.push('outside-solution-files');
  const twin = await findIdenticalCode(ctx, hash);
  const twinAttempt = twin === null ? null : ctx.store.getAttempt(twin);
  const record = twin === null ? null : decidingEvaluation(ctx.store.listEvaluations(twin));
  // A twin that timed out may have hit a passing hiccup: evaluate again rather than inherit it.
  // A twin still running has its evaluation stored but no verdict yet (the record step decides it).
  const reusable = twinAttempt !== null && twinAttempt.status !== 'running' && record !== null && !record.timedOut;
  return { flags, codeHash: hash, reuse: reusable ? { from: twinAttempt.id, evaluation: reusedEvaluation(twinAttempt, record) } : null };
};

/** The output hash an evaluator reported: a metric `output_hash` or an artifacts entry `output_hash`. */
export const outputHashOf = (outcome: { metrics: Record<string, number>; artifacts: Record<string, string> | null }): string | null => {
  const metric = outcome.metrics.output_hash;
  if (metric !== undefined) return String(metric);
  return outcome.artifacts?.output_hash ?? null;
};

/** True when the attempt's outputs hash like its first parent's: an implementation that never ran. */
export const outputUnchanged = (ctx: RunContext, parent: string | undefined, final: EvalOutcome): boolean => {
  const mine = outputHashOf(final);
  if (mine === null || parent === undefined) return false;
  const theirs = decidingEvaluation(ctx.store.listEvaluations(parent));
  return theirs !== null && outputHashOf(theirs) === mine;
};
