import type { AttemptRecord } from '../../store/records.js';
import type { Logger } from '../project/logger.js';
import type { RunDeps } from '../context/run-context.js';
import { endAttempt } from './phase.js';
import { SETUP_FAILED } from '../workspace/provision-step.js';
import { commitFindings, type AttemptOrigin } from './record.js';

/** What marking an attempt interrupted writes: its row and an event of the run. */
export type InterruptDeps = Pick<RunDeps, 'runId' | 'store'>;

/** What recording a stopped attempt (a crash, a setup failure) needs: the store, and git for its findings entry. */
export type StopDeps = Pick<RunDeps, 'runId' | 'store' | 'workspace'>;

/**
 * Second Ctrl-C or a kill: the attempt is marked interrupted (release removes its branch), to be
 * re-planned. One recorded before the interruption reached it keeps its record.
 */
export const interruptAttempt = (ctx: InterruptDeps, id: string): void => {
  if (ctx.store.requireAttempt(id).status !== 'running') return;
  ctx.store.transaction(() => {
    endAttempt(ctx.store, id, 'interrupted', { finishedAt: Date.now() });
    ctx.store.addEvent(ctx.runId, 'attempt.interrupted', {}, id);
  });
};

/**
 * An unexpected error of swarm itself (not of the agent or the program): the attempt is recorded
 * failed with the `infrastructure` flag, once. The terminal status first, without git: whatever
 * broke the attempt may break git too; then, if git still works, its findings entry.
 */
export const recordCrash = async (
  ctx: StopDeps,
  attempt: AttemptRecord,
  origin: AttemptOrigin,
  error: unknown,
  log: Logger,
): Promise<void> => {
  const before = ctx.store.requireAttempt(attempt.id);
  if (before.status !== 'running') {
    log.error({ err: error, status: before.status }, 'unexpected error after the attempt was recorded; its record stands');
    return;
  }
  log.error({ err: error }, 'attempt failed with an unexpected error');
  const reason = `swarm could not complete the attempt: ${error instanceof Error ? error.message : String(error)}`;
  await recordInfrastructureFailure(ctx, attempt, origin, reason, ['infrastructure'], log);
};

/** A failing workspace.setup: the attempt is failed, flagged `infrastructure` and `setup-failed`; no agent ran. */
export const recordSetupFailure = async (
  ctx: StopDeps,
  attempt: AttemptRecord,
  origin: AttemptOrigin,
  reason: string,
  log: Logger,
): Promise<void> => {
  log.error({ reason }, 'workspace.setup failed');
  await recordInfrastructureFailure(ctx, attempt, origin, reason, ['infrastructure', SETUP_FAILED], log);
};

const recordInfrastructureFailure = async (
  ctx: StopDeps,
  attempt: AttemptRecord,
  origin: AttemptOrigin,
  reason: string,
  flags: string[],
  log: Logger,
): Promise<void> => {
  const before = ctx.store.requireAttempt(attempt.id);
  ctx.store.transaction(() => {
    endAttempt(ctx.store, attempt.id, 'failed', { score: null, valid: null, reason, metrics: null, headCommit: null, diff: null, flags, finishedAt: Date.now() });
    ctx.store.addEvent(ctx.runId, 'attempt.finished', { status: 'failed', score: null, reason }, attempt.id);
  });
  if (before.worktree === null) return;
  try {
    const tip = await commitFindings(ctx.workspace, { ...before, worktree: before.worktree }, origin, { kind: 'failed', reason, head: null, score: null });
    ctx.store.updateAttempt(attempt.id, { tipCommit: tip });
  } catch (findingsError) {
    log.warn({ err: findingsError }, 'no findings entry for the failed attempt');
  }
};
