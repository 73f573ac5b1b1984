import type { AttemptId } from '../core/ids.js';
import { attemptBranch, attemptId } from '../core/ids.js';
import type { AttemptSpec } from '../core/types.js';
import { findOrphans } from '../eval/find-orphans.js';
import type { AttemptRecord, EdgeRecord } from '../store/records.js';
import type { RunContext } from './run-context.js';

/**
 * After a crash or kill: attempts left `running` are marked interrupted, their worktrees and
 * branches removed, stale git locks cleared. Returns them so their slots can be re-planned.
 */
export const recoverInterrupted = async (ctx: RunContext): Promise<AttemptRecord[]> => {
  const stale = ctx.store.listAttempts(ctx.runId).filter((a) => a.status === 'running');
  if (stale.length > 0) {
    ctx.store.transaction(() => {
      for (const attempt of stale) {
        ctx.store.updateAttempt(attempt.id, { status: 'interrupted', worktree: null, finishedAt: Date.now(), reason: 'the swarm process stopped before the attempt was recorded' });
        ctx.store.addEvent(ctx.runId, 'attempt.interrupted', { phase: attempt.phase, recovered: true }, attempt.id);
      }
    });
  }
  // A process killed between recording an attempt and removing its worktree leaves the column
  // set, and a wave whose end was never written stays open: both are settled here.
  ctx.store.transaction(() => {
    for (const attempt of ctx.store.listAttempts(ctx.runId)) if (attempt.worktree !== null) ctx.store.updateAttempt(attempt.id, { worktree: null });
    for (const wave of ctx.store.listWaves(ctx.runId)) if (wave.finishedAt === null) ctx.store.finishWave(ctx.runId, wave.number);
  });
  const orphans = await findOrphans(ctx.runId, ctx.paths.root);
  for (const pid of orphans) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (orphans.length > 0) ctx.logger.warn({ pids: orphans }, 'killed agents and evaluators left running by a previous swarm process');
  const removed = await ctx.workspace.cleanupWorktrees(new Set());
  // Every interrupted attempt of the run, not only today's: an earlier recovery may itself have
  // been killed between marking its attempts and deleting their branches.
  const interrupted = ctx.store.listAttemptRows(ctx.runId).filter((a) => a.status === 'interrupted').map((a) => a.id);
  const branches = new Set(await ctx.workspace.listBranches(`swarm/${ctx.runId}/`));
  for (const id of interrupted) {
    const branch = attemptBranch(ctx.runId, attemptId(id));
    if (branches.has(branch)) await ctx.workspace.deleteBranch(branch);
  }
  if (stale.length > 0 || removed.length > 0) ctx.logger.info({ interrupted: stale.map((a) => a.id), removed }, 'recovered an interrupted run');
  return stale;
};

/** Rebuilds the plan of an interrupted attempt from its record and edges, for a replacement. */
export const specOf = (attempt: AttemptRecord, edges: readonly EdgeRecord[]): AttemptSpec | null => {
  if (attempt.role === 'baseline') return null;
  const incoming = edges.filter((e) => e.to === attempt.id).sort((a, b) => a.position - b.position);
  const parents: AttemptId[] = incoming.filter((e) => e.kind !== 'informed_by').map((e) => attemptId(e.from));
  const informedBy: AttemptId[] = incoming.filter((e) => e.kind === 'informed_by').map((e) => attemptId(e.from));
  return { parents, informedBy, role: attempt.role, operator: attempt.operator, backend: attempt.backend, context: attempt.context ?? '', seed: attempt.seed };
};
