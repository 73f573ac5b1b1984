import { formatScore, isBetter } from '../../core/score.js';
import type { Role } from '../../core/types.js';
import type { AttemptRecord } from '../../store/records.js';
import { appendFindings, formatFindingsEntry } from '../../workspace/index.js';
import type { CheckoutEvaluation } from '../evaluation/evaluate-checkout.js';
import type { RunContext } from '../run/run-context.js';

export interface AttemptResult {
  kind: 'scored' | 'invalid' | 'failed';
  reason: string | null;
  head: string | null;
  diff: { files: number; insertions: number; deletions: number } | null;
  flags: string[];
  evaluation: CheckoutEvaluation | null;
}

/**
 * Writes the factual findings.md entry on the attempt's branch (always, even when the agent wrote
 * none), then records the attempt's outcome and event in one transaction.
 */
export const recordAttempt = async (ctx: RunContext, attempt: AttemptRecord, spec: { role: Role; parents: readonly string[] }, result: AttemptResult): Promise<void> => {
  const current = ctx.store.requireAttempt(attempt.id);
  const score = result.kind === 'scored' ? (result.evaluation?.final.score ?? null) : null;
  const description = current.summary ?? current.hypothesis ?? `${spec.role} attempt`;
  let tip = result.head;
  if (current.worktree !== null) {
    ctx.store.updateAttempt(attempt.id, { phase: 'record' });
    // The branch gets the agent's commit as it was before evaluation plus the findings entry, never
    // what the evaluation wrote. With no commit yet (a failure before it), nothing was evaluated.
    const evaluated = result.head ?? current.headCommit;
    const entry = formatFindingsEntry({ attemptId: attempt.id, role: spec.role, parents: [...spec.parents], description, score, failure: result.kind === 'scored' ? null : result.reason });
    const subject = `${attempt.id}: ${description} | ${result.kind === 'scored' ? `score = ${formatScore(score)}` : result.kind}`;
    const trailers = { 'Swarm-Attempt': attempt.id };
    if (evaluated !== null) {
      tip = await ctx.workspace.commitFindings({ branch: current.branch, onto: evaluated, entry, subject, trailers });
    } else {
      await appendFindings(current.worktree, entry);
      tip = (await ctx.workspace.commitAll(current.worktree, { subject, trailers })).commit;
    }
  }
  const final = result.evaluation?.final ?? null;
  // The evaluation rows are already stored, the moment they were known (stored-result.ts).
  ctx.store.transaction(() => {
    ctx.store.updateAttempt(attempt.id, {
      status: result.kind,
      phase: 'done',
      score,
      valid: final === null ? null : result.kind === 'scored',
      reason: result.reason,
      metrics: final?.metrics ?? null,
      headCommit: result.head,
      tipCommit: tip,
      diff: result.diff,
      flags: result.flags,
      finishedAt: Date.now(),
    });
    ctx.store.addEvent(ctx.runId, 'attempt.finished', { status: result.kind, score, reason: result.reason }, attempt.id);
  });
  if (score !== null && isBetter(score, ctx.incumbent?.score ?? null, ctx.config.objective.direction)) {
    ctx.incumbent = { id: attempt.id, score };
    ctx.store.addEvent(ctx.runId, 'best.improved', { score }, attempt.id);
  }
  ctx.logger.info({ attempt: attempt.id, status: result.kind, score, reason: result.reason }, 'attempt recorded');
};

/** Removes the worktree (the branch stays, unless the attempt was interrupted). */
export const releaseAttempt = async (ctx: RunContext, id: string, worktree: string): Promise<void> => {
  try {
    await ctx.workspace.removeWorktree(worktree);
    const attempt = ctx.store.getAttempt(id);
    if (attempt?.status === 'interrupted' && (await ctx.workspace.branchExists(attempt.branch))) await ctx.workspace.deleteBranch(attempt.branch);
    ctx.store.updateAttempt(id, { worktree: null });
  } catch (error) {
    ctx.logger.warn({ err: error, attempt: id }, 'could not release the worktree; the next run cleans it up');
  }
};
