import { sandboxLinkMounts } from '../evaluation/link-targets.js';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AGENT_BACKENDS, loadConfig, type SwarmConfig } from '../../config/index.js';
import { SwarmError } from '../../core/errors.js';
import type { AgentBackend } from '../../core/ports.js';
import { currentProcessIdentity, isIdentityAlive } from '../../process/process-identity.js';
import { SwarmStore } from '../../store/swarm-store.js';
import { GitWorkspace } from '../../workspace/index.js';
import { ensureBaseline } from '../run/baseline.js';
import { createBackend } from '../setup/create-backend.js';
import { createEvaluatorRunner } from '../evaluation/create-evaluator-runner.js';
import { guardAgainstCrash } from '../run/crash-guard.js';
import { runPlannedAttempt } from '../attempt/launch-attempt.js';
import { createRunLogger } from '../setup/logger.js';
import { startEvalHandoff } from '../evaluation/handoff/driver-evaluation.js';
import type { EvalHandoffServer } from '../evaluation/handoff/handoff-server.js';
import { projectPaths, runnerLocks, type ProjectPaths } from '../setup/project-paths.js';
import { recoverInterrupted, specOf } from '../run/recover.js';
import type { RunContext } from '../run/run-context.js';
import { createRunDeps, createRunState } from '../run/run-dependencies.js';
import { acquireDriverFile, queuedAttempts, SPAWN_DRIVER_FILE, SPAWN_STOP_REASON } from './spawn-queue.js';
import { endAttempt } from '../attempt/phase.js';
import { keepDriverHeapSmall } from '../run/driver-heap.js';

const POLL_MS = 250;

/** Claims the latest run (reopening a finished or interrupted one) or creates one, in one transaction. */
const claimRun = (store: SwarmStore, config: SwarmConfig, base: { commit: string; branch: string | null; seqFloor: number }): { id: string; recover: boolean } => {
  const owner = currentProcessIdentity();
  return store.transaction(() => {
    const latest = store.latestRun();
    if (latest !== null && latest.status === 'running' && latest.ownerPid !== null && latest.ownerPid !== process.pid && isIdentityAlive({ pid: latest.ownerPid, started: latest.ownerStarted })) {
      throw new SwarmError('RUN_LOCKED', `run ${latest.id} is being driven by process ${latest.ownerPid}; wait for it to finish (or stop it with Ctrl-C), then spawn again`);
    }
    // A run the spawn driver gave up (or one a dead driver left) continues; a finished or failed
    // `swarm run` stays as it ended and a new run starts.
    const continues = latest !== null && (latest.status === 'running' || latest.status === 'interrupted' || (latest.status === 'finished' && latest.stopReason === SPAWN_STOP_REASON));
    if (latest !== null && continues) {
      store.updateRun(latest.id, { status: 'running', ownerPid: owner.pid, ownerStarted: owner.started, attemptBudget: config.budget.attempts, stopReason: null, finishedAt: null });
      store.addEvent(latest.id, 'run.resumed', { pid: process.pid, by: 'spawn' });
      return { id: latest.id, recover: true };
    }
    const created = store.createRun({
      description: config.task.description, metric: config.objective.metric, direction: config.objective.direction,
      baseCommit: base.commit, baseBranch: base.branch, configJson: JSON.stringify(config), attemptBudget: config.budget.attempts,
      ownerPid: owner.pid, ownerStarted: owner.started, minSeq: base.seqFloor,
    });
    return { id: created.id, recover: false };
  });
};

/** The driver reads the spawn queue with SQL of its own: it keeps the concrete store. */
type DriverContext = RunContext & { store: SwarmStore };

const buildContext = async (
  workspace: GitWorkspace, paths: ProjectPaths, store: SwarmStore, runId: string, loaded: Awaited<ReturnType<typeof loadConfig>>,
  logger: RunContext['logger'], backend: AgentBackend, force: AbortSignal,
): Promise<DriverContext> => {
  const runner = await createEvaluatorRunner(loaded.config.evaluator, runnerLocks(paths, loaded.config.concurrency.evaluations, sandboxLinkMounts(loaded.config, paths.root)));
  const deps = await createRunDeps({ runId, loaded, paths, store, workspace, runner, backend, logger });
  // Nothing drains a spawn driver but its idle end; the breaker's stop is recorded and reported in the log.
  // The breaker stops its own controller, never this driver's drain: `swarm spawn` refuses new
  // attempts by replaying a trip from the store (so a reset can lift it).
  return { ...deps, store, ...createRunState(deps, { stop: new AbortController(), force, report: (line) => logger.warn(line) }), drain: new AbortController().signal };
};

/**
 * The background driver of `swarm spawn`: claims the run, recovers what a dead driver left,
 * evaluates the baseline, says `ready`, then runs every queued attempt through the same life
 * cycle as `swarm run`, and exits once nothing is queued or running for `idleMs`.
 */
export const driveSpawned = async (options: { cwd: string; idleMs: number; onReady: (info: { runId: string; baselineId: string }) => void; onFailed: (message: string) => void }): Promise<void> => {
  keepDriverHeapSmall();
  const workspace = await GitWorkspace.open(options.cwd);
  const loaded = await loadConfig(workspace.root);
  const paths = projectPaths(workspace.root);
  await workspace.ensureExcluded();
  const backends = new Map<string, AgentBackend>([[loaded.config.agent.backend, await createBackend(loaded.config)]]);
  const store = SwarmStore.openForDriver(paths.dbFile);
  const { logger, flush } = createRunLogger(paths.logsDir, loaded.config.log.level);
  const driverFile = join(paths.swarmDir, SPAWN_DRIVER_FILE);
  let unguard = (): void => undefined;
  let evalHandoff: EvalHandoffServer | null = null;
  // A crash of the driver is a forced stop (see guardAgainstCrash).
  const crashed = new AbortController();
  let runId: string | null = null;
  if (!acquireDriverFile(driverFile)) {
    store.close();
    options.onFailed('another spawn driver is starting; its spawn continues');
    return;
  }
  try {
    const [commit, branch, seqFloor] = await Promise.all([workspace.headCommit(), workspace.currentBranch(), workspace.highestRunNumber()]);
    const claimed = claimRun(store, loaded.config, { commit, branch, seqFloor });
    runId = claimed.id;
    writeFileSync(driverFile, JSON.stringify({ ...currentProcessIdentity(), runId }));
    unguard = guardAgainstCrash({ runId, root: workspace.root, store, logger: logger.child({ run: runId }), flush, abort: (reason) => crashed.abort(reason) });
    const ctx = await buildContext(workspace, paths, store, runId, loaded, logger, backends.get(loaded.config.agent.backend) ?? (await createBackend(loaded.config)), crashed.signal);
    evalHandoff = startEvalHandoff(ctx);
    ctx.evalHandoff = evalHandoff;
    if (claimed.recover) await recoverInterrupted(ctx);
    const baseline = await ensureBaseline(ctx, store.requireRun(runId));
    if (baseline.status !== 'scored') {
      const reason = `baseline evaluation failed: ${baseline.reason ?? 'no score'}; fix the evaluator (try \`swarm eval\` in ${workspace.root})`;
      store.updateRun(runId, { status: 'failed', stopReason: reason, finishedAt: Date.now(), ownerPid: null });
      options.onFailed(reason);
      return;
    }
    options.onReady({ runId, baselineId: baseline.id });
    await runQueue(ctx, options.idleMs, async (name) => {
      const known = backends.get(name);
      if (known) return known;
      const created = await createBackend({ ...loaded.config, agent: { ...loaded.config.agent, backend: z.enum(AGENT_BACKENDS).parse(name) } });
      backends.set(name, created);
      return created;
    });
  } catch (error) {
    if (runId !== null && store.db.open) store.updateRun(runId, { status: 'interrupted', ownerPid: null, stopReason: `the spawn driver stopped by an error: ${error instanceof Error ? error.message : String(error)}` });
    options.onFailed(error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await evalHandoff?.stop();
    rmSync(driverFile, { force: true });
    unguard();
    store.close();
    flush();
  }
};

const runQueue = async (ctx: DriverContext, idleMs: number, backendFor: (name: string) => Promise<AgentBackend>): Promise<void> => {
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
    if (inFlight.size === 0 && queued.length === 0 && Date.now() - idleSince >= idleMs && releaseIfIdle(ctx.store, ctx.runId)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

/** Gives the run up only if no spawn queued an attempt meanwhile (one transaction with spawn's insert). */
const releaseIfIdle = (store: SwarmStore, runId: string): boolean =>
  store.transaction(() => {
    if (queuedAttempts(store, runId).length > 0) return false;
    for (const wave of store.listWaves(runId)) if (wave.finishedAt === null) store.finishWave(runId, wave.number);
    store.updateRun(runId, { status: 'finished', stopReason: SPAWN_STOP_REASON, finishedAt: Date.now(), ownerPid: null });
    store.addEvent(runId, 'run.stopped', { status: 'finished', stopReason: SPAWN_STOP_REASON });
    return true;
  });

