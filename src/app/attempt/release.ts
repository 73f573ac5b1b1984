import type { RunDeps } from '../context/run-context.js';

/** What releasing a worktree needs. */
export type ReleaseDeps = Pick<RunDeps, 'store' | 'workspace' | 'logger'>;

/** Gives the worktree back to the pool, detached (the branch stays, unless the attempt was interrupted). */
export const releaseAttempt = async (ctx: ReleaseDeps, id: string, worktree: string): Promise<void> => {
  try {
    await ctx.workspace.releaseWorktree(worktree);
    const attempt = ctx.store.getAttempt(id);
    if (attempt?.status === 'interrupted' && (await ctx.workspace.branchExists(attempt.branch))) await ctx.workspace.deleteBranch(attempt.branch);
    ctx.store.updateAttempt(id, { worktree: null });
  } catch (error) {
    ctx.logger.warn({ err: error, attempt: id }, 'could not release the worktree; the next run cleans it up');
  }
};
