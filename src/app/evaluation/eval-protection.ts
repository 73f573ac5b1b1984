import type { RunQueries } from '../../core/ports/index.js';
import { referenceFromCommit, referenceFromDisk, type ProtectedReference } from '../../workspace/protected-files.js';
import { revertToSnapshot, snapshotWorktree } from '../../workspace/worktree-snapshot.js';
import { evaluateCheckout, type CheckoutEvaluation, type EvaluateCheckoutInput } from './evaluate-checkout.js';
import { checkoutRootOf } from '../../workspace/locate-project.js';

/** The run's baseline commit of an attempt, or null when the store cannot say (no store, a sandboxed agent). */
const runBaseCommit = (store: RunQueries | null, attemptId: string): string | null => {
  if (store === null) return null;
  try {
    const attempt = store.getAttempt(attemptId);
    return attempt === null ? null : (store.getRun(attempt.runId)?.baseCommit ?? null);
  } catch {
    return null;
  }
};

/**
 * What `swarm eval` guards (`checkout`: the project folder in it, `subdir` that folder in the repository): inside an attempt, the run's baseline content of the protected paths
 * (restored before each stage); elsewhere, their content on disk just before (verified only, so a
 * user's uncommitted edit of the evaluator is never overwritten).
 */
export const evalProtection = async (
  where: { root: string; checkout: string; subdir: string; attemptId: string | null },
  globs: string[],
  /** The project's store, opened when first asked (null: none, or one this process cannot open). */
  store: () => RunQueries | null,
): Promise<ProtectedReference | null> => {
  if (globs.length === 0) return null;
  const base = where.attemptId === null ? null : runBaseCommit(store(), where.attemptId);
  return base === null ? referenceFromDisk(where.checkout, globs, where.subdir) : referenceFromCommit(where.root, base, globs, where.subdir);
};

/**
 * Evaluates a checkout someone is working in (`swarm eval`) and then puts its files back as they
 * were, so nothing the evaluation wrote ends up in the agent's next commit.
 */
export const evaluateLeavingNoTrace = async (input: EvaluateCheckoutInput, options: { revert?: () => boolean } = {}): Promise<CheckoutEvaluation> => {
  const snapshot = await snapshotWorktree(checkoutRootOf(input.cwd, input.subdir ?? ''));
  try {
    return await evaluateCheckout(input);
  } finally {
    // Not when the agent is working in the checkout again: its new edits would be lost.
    if (options.revert?.() ?? true) await revertToSnapshot(snapshot);
  }
};
