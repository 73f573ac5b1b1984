import type { AttemptRecord } from '../../store/records.js';
import { checkoutHead } from '../../workspace/checkout-top-level.js';
import { attemptWorktree } from '../project/project-paths.js';
import { recordAttempt, type RecordDeps } from './record.js';
import { releaseAttempt, type ReleaseDeps } from './release.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { storedResult, type StoredResultDeps } from './stored-result.js';

/** What finding the run's best recorded attempt needs; the incumbent is set on the object passed in. */
export type IncumbentDeps = Pick<RunDeps, 'runId' | 'config' | 'store'> & Pick<RunState, 'incumbent'>;

/** What recording stored results needs: the incumbent, the record and the release steps, and the worktrees' place. */
export type RecordStoredDeps = IncumbentDeps & StoredResultDeps & RecordDeps & ReleaseDeps & Pick<RunDeps, 'paths' | 'workspace' | 'logger'>;

/** The run's best recorded attempt, so recording recovered attempts announces only real improvements. */
export const restoreIncumbent = (ctx: IncumbentDeps): void => {
  const id = ctx.store.bestAttemptIds(ctx.runId, ctx.config.objective.direction, 1)[0];
  const best = id === undefined ? null : ctx.store.getAttempt(id);
  ctx.incumbent = best?.score != null ? { id: best.id, score: best.score } : null;
};

/**
 * Records, without evaluating again, the attempts a killed driver had evaluated but not recorded
 * (their result was stored the moment it was known). The findings commit is made on a fresh
 * worktree of the branch, unless the killed driver had made it already. Returns the ids recorded;
 * attempts that cannot be recorded this way are left `running` for the caller to interrupt.
 */
export const recordStoredResults = async (ctx: RecordStoredDeps, attempts: readonly AttemptRecord[]): Promise<string[]> => {
  const recorded: string[] = [];
  const pending = attempts.flatMap((attempt) => {
    const result = storedResult(ctx, attempt);
    return result === null ? [] : [{ attempt, result }];
  });
  if (pending.length === 0) return recorded;
  restoreIncumbent(ctx);
  const edges = ctx.store.listEdges(ctx.runId);
  for (const { attempt, result } of pending) {
    const parents = edges.filter((e) => e.to === attempt.id && e.kind !== 'informed_by').sort((a, b) => a.position - b.position).map((e) => e.from);
    const worktree = attemptWorktree(ctx.paths, attempt.id);
    try {
      if (!(await ctx.workspace.branchExists(attempt.branch))) continue;
      await ctx.workspace.checkoutAttempt(attempt.branch, worktree);
      const tip = await checkoutHead(worktree);
      // A tip past the evaluated head is the findings commit the killed driver already made.
      const committed = tip !== null && tip !== result.head;
      ctx.store.updateAttempt(attempt.id, { worktree: committed ? null : worktree });
      await recordAttempt(ctx, attempt, { role: attempt.role, parents }, result);
      if (committed) ctx.store.updateAttempt(attempt.id, { tipCommit: tip });
      recorded.push(attempt.id);
    } catch (error) {
      ctx.logger.warn({ err: error, attempt: attempt.id }, 'could not record an evaluated attempt of the killed run; it is re-planned');
    } finally {
      await releaseAttempt(ctx, attempt.id, worktree);
    }
  }
  if (recorded.length > 0) ctx.logger.info({ recorded }, 'recorded attempts evaluated before the previous swarm process stopped');
  return recorded;
};
