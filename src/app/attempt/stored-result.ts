import type { AttemptRecord } from '../../store/records.js';
import type { StageResult } from '../evaluation/evaluate-checkout.js';
import { movePhase } from './phase.js';
import type { AttemptResult } from './record.js';
import type { RunDeps } from '../context/run-context.js';

/** The store, where an evaluated attempt's result is kept until it is recorded. */
export type StoredResultDeps = Pick<RunDeps, 'store'>;

/**
 * Crash safety of the evaluation: its rows are stored the moment each evaluation ends, and an
 * evaluated attempt's result (score, validity, flags) before the findings commit, so a process
 * killed between evaluation and record never evaluates that attempt again (see recover-run).
 */
export const storeEvaluations = (ctx: StoredResultDeps, attemptId: string, results: readonly StageResult[], commit: string | null): void => {
  if (results.length === 0) return;
  ctx.store.transaction(() => {
    for (const stage of results) ctx.store.addEvaluation(attemptId, stage.kind, { ...stage.outcome, stage: stage.stage, seed: stage.seed, commit });
  });
};

/**
 * Stores the outcome of an evaluated attempt while it is still `running` in phase `record`: what
 * a resumed run records it from. Rows not stored yet (an evaluation reused from another attempt)
 * go in the same transaction.
 */
export const storeResult = (ctx: StoredResultDeps, attemptId: string, result: AttemptResult, unstored: readonly StageResult[] = []): void => {
  const final = result.evaluation?.final ?? null;
  if (final === null || result.kind === 'failed') return;
  ctx.store.transaction(() => {
    storeEvaluations(ctx, attemptId, unstored, result.head);
    movePhase(ctx.store, attemptId, 'record', {
      score: result.kind === 'scored' ? final.score : null,
      valid: result.kind === 'scored',
      reason: result.reason,
      metrics: final.metrics,
      headCommit: result.head,
      diff: result.diff,
      flags: result.flags,
    });
  });
};

/**
 * The result stored for an attempt that was evaluated but not recorded, or null when there is none
 * (it is then interrupted and re-planned). The final outcome is its last official or confirmation
 * evaluation with the attempt's own score and metrics (a mean over confirmation seeds).
 */
export const storedResult = (ctx: StoredResultDeps, attempt: AttemptRecord): AttemptResult | null => {
  if (attempt.status !== 'running' || attempt.phase !== 'record' || attempt.valid === null || attempt.headCommit === null) return null;
  const last = ctx.store.listEvaluations(attempt.id).filter((e) => e.kind !== 'intermediate').at(-1);
  if (last === undefined) return null;
  const final = { ...last, valid: attempt.valid, score: attempt.score, metrics: attempt.metrics, reason: attempt.valid ? null : attempt.reason };
  return {
    kind: attempt.valid ? 'scored' : 'invalid',
    reason: attempt.reason,
    head: attempt.headCommit,
    diff: attempt.diff,
    flags: attempt.flags,
    evaluation: { final, results: [], violations: [] },
  };
};
