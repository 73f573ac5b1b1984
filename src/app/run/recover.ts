import { relative } from 'node:path';
import type { AttemptId } from '../../core/domain/ids.js';
import { attemptBranch, attemptId } from '../../core/domain/ids.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import type { AttemptRecord, EdgeRecord } from '../../store/records.js';
import { interruptEarlierRuns, reapOrphanProcesses, type EarlierRunsDeps, type OrphanDeps } from './reap-earlier-runs.js';
import { reapClusterJobs, type ReapClusterDeps } from './reap-cluster-jobs.js';
import { recordStoredResults, type RecordStoredDeps } from '../attempt/record-stored.js';
import { resumeEvaluations, type ResumeDeps } from '../attempt/resume-evaluation.js';

/** What recovery needs: the intersection of its steps' deps (reaping, recording stored results, resuming evaluations). */
export type RecoverDeps = ReapClusterDeps & OrphanDeps & EarlierRunsDeps & RecordStoredDeps & ResumeDeps;

/**
 * After a crash or kill: processes and Slurm jobs earlier drivers left are killed, stale git locks cleared,
 * attempts evaluated but not recorded are recorded from their stored result, those killed while
 * evaluating have their evaluation finished from the jobs it kept (resume-evaluation.ts), the others left
 * `running` (of this run or an earlier one) marked interrupted, their worktrees and branches
 * removed. Returns this run's interrupted attempts so their slots can be re-planned.
 */
export const recoverInterrupted = async (ctx: RecoverDeps, report: (line: string) => void = () => undefined): Promise<AttemptRecord[]> => {
  // Cluster jobs first (a job on this machine's own node would otherwise die as a local orphan,
  // its Slurm record FAILED), then orphans: a lock file held by a live orphan's git is not stale
  // until it is dead; then the jobs of the orphans just killed (an agent's own `swarm eval`).
  await reapClusterJobs(ctx, report);
  if ((await reapOrphanProcesses(ctx)).length > 0) await reapClusterJobs(ctx, report);
  const locks = await ctx.workspace.clearStaleLocks();
  if (locks.length > 0) {
    const names = locks.map((file) => relative(ctx.paths.root, file));
    report(`cleared stale git lock files left by a killed process (no git process was running): ${names.join(', ')}`);
    ctx.logger.warn({ locks: names }, 'cleared stale git lock files');
  }
  // A process killed between recording an attempt and removing its worktree leaves the column
  // set, and a wave whose end was never written stays open: both are settled here.
  ctx.store.transaction(() => {
    for (const attempt of ctx.store.listAttempts(ctx.runId)) if (attempt.worktree !== null) ctx.store.updateAttempt(attempt.id, { worktree: null });
    for (const wave of ctx.store.listWaves(ctx.runId)) if (wave.finishedAt === null) ctx.store.finishWave(ctx.runId, wave.number);
  });
  const removed = await ctx.workspace.cleanupWorktrees(new Set());
  const earlier = await interruptEarlierRuns(ctx);
  if (earlier.length > 0) report(`marked ${earlier.length} attempt(s) of earlier runs interrupted: ${earlier.join(', ')}`);
  const running = ctx.store.listAttempts(ctx.runId).filter((a) => a.status === 'running');
  const recorded = new Set(await recordStoredResults(ctx, running));
  if (recorded.size > 0) report(`recorded ${recorded.size} attempt(s) evaluated before the stop, without evaluating again: ${[...recorded].join(', ')}`);
  // Killed while evaluating, after an evaluator finished: its evaluation is finished, not thrown away.
  for (const id of await resumeEvaluations(ctx, running.filter((a) => !recorded.has(a.id)), report)) recorded.add(id);
  const stale = running.filter((a) => !recorded.has(a.id));
  if (stale.length > 0) {
    ctx.store.transaction(() => {
      for (const attempt of stale) {
        ctx.store.updateAttempt(attempt.id, { status: 'interrupted', worktree: null, finishedAt: Date.now(), reason: 'the swarm process stopped before the attempt was recorded' });
        ctx.store.addEvent(ctx.runId, 'attempt.interrupted', { phase: attempt.phase, recovered: true }, attempt.id);
      }
    });
  }
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
