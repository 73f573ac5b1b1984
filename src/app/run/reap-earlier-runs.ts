import { findOrphans } from '../../process/find-orphans.js';
import type { RunDeps } from '../context/run-context.js';

/** What killing orphans needs: the project root they are found by, and the logger. */
export type OrphanDeps = Pick<RunDeps, 'paths' | 'logger'>;

/** What interrupting earlier runs' attempts needs. */
export type EarlierRunsDeps = Pick<RunDeps, 'runId' | 'store' | 'workspace' | 'logger'>;

/**
 * Kills every agent and evaluator that an earlier driver of this repository left running (a
 * SIGKILLed driver cannot stop its children), whatever its run: a `--new` run must not share the
 * machine with a hung evaluator of the run before. Only called once this process owns the
 * repository's live run, so no other driver's children are alive to be mistaken for orphans.
 */
export const reapOrphanProcesses = async (ctx: OrphanDeps): Promise<number[]> => {
  const orphans = await findOrphans(null, ctx.paths.root);
  for (const pid of orphans) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (orphans.length > 0) ctx.logger.warn({ pids: orphans }, 'killed agents and evaluators left running by a previous swarm process');
  return orphans;
};

/**
 * Attempts of other (earlier) runs still recorded `running`: their driver is gone, so they are
 * marked interrupted, and their branches removed like those of any interrupted attempt.
 */
export const interruptEarlierRuns = async (ctx: EarlierRunsDeps): Promise<string[]> => {
  const stale = ctx.store.listRunningAttempts().filter((a) => a.runId !== ctx.runId);
  if (stale.length === 0) return [];
  ctx.store.transaction(() => {
    for (const attempt of stale) {
      ctx.store.updateAttempt(attempt.id, { status: 'interrupted', worktree: null, finishedAt: Date.now(), reason: `the swarm process of run ${attempt.runId} stopped before the attempt was recorded` });
      ctx.store.addEvent(attempt.runId, 'attempt.interrupted', { phase: attempt.phase, recovered: true, by: ctx.runId }, attempt.id);
    }
  });
  for (const attempt of stale) await ctx.workspace.deleteBranch(attempt.branch);
  ctx.logger.info({ interrupted: stale.map((a) => a.id) }, 'marked attempts of earlier runs interrupted');
  return stale.map((a) => a.id);
};
