import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AGENT_BACKENDS } from '../../config-assembly/index.js';
import type { AgentBackend } from '../../core/ports/index.js';
import { currentProcessIdentity } from '../../process/process-identity.js';
import type { RunRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';
import { runPlannedAttempt, type LaunchDeps } from '../attempt/launch-attempt.js';
import { endAttempt } from '../attempt/phase.js';
import type { RunDeps } from '../context/run-context.js';
import { createEvaluatorRunner } from '../evaluation/create-evaluator-runner.js';
import { ensureBaseline } from '../attempt/baseline.js';
import { driveRun } from '../run/driver-session.js';
import { keepDriverHeapSmall } from '../run/driver-heap.js';
import { recoverInterrupted, specOf } from '../run/recover.js';
import { createBackend } from '../setup/create-backend.js';
import { openProject, type Project } from '../project/open-project.js';
import { attemptWorktree, runnerLocks } from '../project/project-paths.js';
import { sandboxLinkMounts } from '../evaluation/link-targets.js';
import { baselineFailure } from '../run/baseline-failure.js';
import { acquireDriverFile, queuedAttempts, spawnPending, SPAWN_DRIVER_FILE, SPAWN_STOP_REASON } from './spawn-queue.js';

const POLL_MS = 250;

/** What the queue needs: what its attempts need, and the store that reads the spawn queue, which RunStore alone does not offer. */
type QueueDeps = LaunchDeps & Pick<RunDeps, 'runId' | 'paths' | 'logger'> & { store: RunQueries };

/** A run the spawn driver gave up (or one a dead driver left) continues; a finished or failed `swarm run` stays as it ended. */
const continuesSpawned = (latest: RunRecord): boolean =>
  latest.status === 'interrupted' || (latest.status === 'finished' && latest.stopReason === SPAWN_STOP_REASON);

/**
 * The background driver of `swarm spawn`: claims the run through the same start-up as `swarm run`
 * (driveRun), recovers what a dead driver left, evaluates the baseline, says `ready`, then runs
 * every queued attempt through the same life cycle, and exits once nothing is queued or running
 * for `idleMs`.
 */
export const driveSpawned = async (options: SpawnDriverOptions): Promise<void> => {
  keepDriverHeapSmall();
  const project = await openProject(options.cwd, { store: 'driver' });
  try {
    await driveSpawnedIn(project, options);
  } finally {
    project.close();
  }
};

interface SpawnDriverOptions {
  cwd: string;
  idleMs: number;
  onReady: (info: { runId: string; baselineId: string }) => void;
  onFailed: (message: string) => void;
}

const driveSpawnedIn = async (project: Project, options: SpawnDriverOptions): Promise<void> => {
  const { workspace } = project;
  const loaded = await project.config();
  const paths = project.placeWorktrees(loaded.config.workspace.dir);
  await workspace.ensureExcluded();
  const backends = new Map<string, AgentBackend>([[loaded.config.agent.backend, await createBackend(loaded.config)]]);
  const driverFile = join(paths.swarmDir, SPAWN_DRIVER_FILE);
  if (!acquireDriverFile(driverFile)) {
    options.onFailed('another spawn driver is starting; its spawn continues');
    return;
  }
  try {
    const runner = await createEvaluatorRunner(loaded.config, runnerLocks(paths, loaded.config.concurrency.evaluations, sandboxLinkMounts(loaded.config, paths.root)));
    const backend = backends.get(loaded.config.agent.backend) ?? (await createBackend(loaded.config));
    const session = { workspace, paths, store: () => project.store(), loaded, backend, runner, claim: { candidate: null, resumes: continuesSpawned, by: 'spawn' as const }, drain: null, force: null };
    const onClaimed = ({ run }: { run: RunRecord }): void => writeFileSync(driverFile, JSON.stringify({ ...currentProcessIdentity(), runId: run.id }));
    await driveRun({ ...session, onClaimed }, 'the spawn driver stopped by an error', async ({ run, store, ctx }) => {
      await recoverInterrupted(ctx);
      const baseline = await ensureBaseline(ctx, store.requireRun(run.id));
      if (baseline.status !== 'scored') {
        const reason = await baselineFailure({ store, baseline, root: workspace.root, subdir: workspace.subdir, worktree: attemptWorktree(paths, baseline.id), config: loaded.config, configFile: loaded.file });
        store.updateRun(run.id, { status: 'failed', stopReason: reason, finishedAt: Date.now(), ownerPid: null });
        options.onFailed(reason);
        return;
      }
      options.onReady({ runId: run.id, baselineId: baseline.id });
      await runQueue({ ...ctx, store }, options.idleMs, async (name) => {
        const known = backends.get(name);
        if (known) return known;
        // A pool entry: the attempt runs on the run's pool (ctx.pool), which names its backend.
        if (loaded.config.agent.pool.some((entry) => entry.name === name)) return backends.get(loaded.config.agent.backend) ?? createBackend(loaded.config);
        const created = await createBackend({ ...loaded.config, agent: { ...loaded.config.agent, backend: z.enum(AGENT_BACKENDS).parse(name) } });
        backends.set(name, created);
        return created;
      });
    });
  } catch (error) {
    options.onFailed(error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    rmSync(driverFile, { force: true });
  }
};

const runQueue = async (ctx: QueueDeps, idleMs: number, backendFor: (name: string) => Promise<AgentBackend>): Promise<void> => {
  const started = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let idleSince = Date.now();
  for (;;) {
    const queued = queuedAttempts(ctx.store, ctx.runId).filter((a) => !started.has(a.id));
    for (const record of queued) {
      started.add(record.id);
      const spec = specOf(record, ctx.store.listEdges(ctx.runId));
      if (spec === null) continue;
      let backend: AgentBackend;
      try {
        backend = await backendFor(record.backend);
      } catch (error) {
        // An unusable backend (missing key or binary) fails this attempt, not the driver.
        const reason = `agent backend ${record.backend} cannot start: ${error instanceof Error ? error.message : String(error)}`;
        endAttempt(ctx.store, record.id, 'failed', { reason, finishedAt: Date.now() });
        continue;
      }
      const attemptCtx = { ...ctx, backend };
      const task = runPlannedAttempt(attemptCtx, record, spec, (line) => ctx.logger.info(line))
        .catch((error: unknown) => ctx.logger.error({ attempt: record.id, err: error }, 'spawned attempt failed'))
        .finally(() => {
          inFlight.delete(task);
          idleSince = Date.now();
        });
      inFlight.add(task);
    }
    // A spawn on its way (it started this driver, or found it idle) records its attempt first.
    const idle = inFlight.size === 0 && queued.length === 0 && Date.now() - idleSince >= idleMs;
    if (idle && !spawnPending(ctx.paths.swarmDir) && releaseIfIdle(ctx.store, ctx.runId)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

/** Gives the run up only if no spawn queued an attempt meanwhile (one transaction with spawn's insert). */
const releaseIfIdle = (store: RunQueries, runId: string): boolean =>
  store.transaction(() => {
    if (queuedAttempts(store, runId).length > 0) return false;
    for (const wave of store.listWaves(runId)) if (wave.finishedAt === null) store.finishWave(runId, wave.number);
    store.updateRun(runId, { status: 'finished', stopReason: SPAWN_STOP_REASON, finishedAt: Date.now(), ownerPid: null });
    store.addEvent(runId, 'run.stopped', { status: 'finished', stopReason: SPAWN_STOP_REASON });
    return true;
  });

