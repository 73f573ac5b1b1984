import { join } from 'node:path';
import { z } from 'zod';
import { AGENT_BACKENDS, type AgentBackendName, type SwarmConfig } from '../../config-assembly/index.js';
import { budgetVerdict } from '../../core/budget/budget.js';
import { SwarmError } from '../../core/domain/errors.js';
import { attemptBranch, attemptId, runId as toRunId } from '../../core/domain/ids.js';
import type { Operator } from '../../core/domain/types.js';
import { isIdentityAlive } from '../../process/process-identity.js';
import type { AttemptRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';
import { budgetFrom } from '../run/budget-state.js';
import { openProject } from '../project/open-project.js';
import { attemptLogDir, type ProjectPaths } from '../project/project-paths.js';
import { refuseUnpricedDollarBudget } from '../setup/agent-prices.js';
import { poolConfigs } from '../setup/agent-pool.js';
import { BREAKER_RESET_EVENT, refuseTrippedBreaker, refuseUnusableBackend } from './spawn-checks.js';
import { startSpawnDriver } from './spawn-driver-process.js';
import { declareSpawnIntent, isDriverLive, readDriverFile, SPAWN_DRIVER_FILE, SPAWNED_EVENT, type DriverIdentity } from './spawn-queue.js';

export interface SpawnOptions {
  cwd: string;
  /** Parent attempt ids, or `baseline`. */
  parents: string[] | 'baseline';
  role: 'explorer' | 'optimizer';
  context: string;
  backend?: string;
  informedBy: string[];
  /** Counts the circuit breaker afresh from now (after the cause of its trip was fixed). */
  resetBreaker?: boolean;
}

export interface SpawnResult {
  id: string;
  run: string;
  role: 'explorer' | 'optimizer';
  operator: Operator;
  parents: string[];
  informedBy: string[];
  wave: number;
}

const readDriver = (paths: ProjectPaths): DriverIdentity | null => readDriverFile(join(paths.swarmDir, SPAWN_DRIVER_FILE));

const READY_TIMEOUT_MS = 10 * 60_000;

/** Waits until the driver owns its run and the baseline is recorded (a spawn that lost the start race). */
const untilDriverReady = async (store: RunQueries, paths: ProjectPaths): Promise<void> => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const driver = readDriver(paths);
    if (driver === null || !isIdentityAlive({ pid: driver.pid, started: driver.started })) {
      throw new SwarmError('DRIVER_FAILED', 'the spawn driver stopped before it was ready; see .swarm/logs/spawn-driver.log');
    }
    const baseline = driver.runId === null ? undefined : store.listAttempts(driver.runId).find((a) => a.role === 'baseline' && a.status !== 'interrupted');
    if (isDriverLive(store, driver) && baseline !== undefined && baseline.status !== 'running') return;
    if (Date.now() >= deadline) throw new SwarmError('DRIVER_FAILED', 'the spawn driver is not ready after 10 minutes; see .swarm/logs/spawn-driver.log');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** One live driver per repository: a `swarm run` that owns the latest run refuses spawns. */
const refuseOtherDriver = (store: RunQueries): void => {
  const latest = store.latestRun();
  if (latest !== null && latest.status === 'running' && latest.ownerPid !== null && isIdentityAlive({ pid: latest.ownerPid, started: latest.ownerStarted })) {
    throw new SwarmError('RUN_LOCKED', `run ${latest.id} is being driven by \`swarm run\` (process ${latest.ownerPid}); spawn after it finishes, or stop it with Ctrl-C`);
  }
};

const spentBudget = (store: RunQueries, runId: string, config: SwarmConfig): string | null => {
  const attempts = store.listAttempts(runId).filter((a) => a.status !== 'interrupted');
  const run = store.requireRun(runId);
  const verdict = budgetVerdict({ ...budgetFrom(config), maxAttempts: run.attemptBudget }, {
    attemptsUsed: attempts.filter((a) => a.role !== 'baseline').length,
    wavesStarted: 0,
    elapsedMs: Date.now() - run.createdAt,
    costUsd: attempts.reduce((sum, a) => sum + a.usage.costUsd, 0),
    tokensUsed: attempts.reduce((sum, a) => sum + a.usage.inputTokens + a.usage.outputTokens, 0),
    evaluationsUsed: store.countEvaluations(runId),
  });
  return verdict.stopReason;
};

const requireRecorded = (store: RunQueries, runId: string, id: string, what: string): AttemptRecord => {
  const attempt = store.getAttempt(id);
  if (!attempt || attempt.runId !== runId) throw new SwarmError('NOT_FOUND', `${what} ${id} is not an attempt of run ${runId}; list them with \`swarm status --json\``);
  if (attempt.status === 'running') throw new SwarmError('USAGE', `${what} ${id} is still running; \`swarm wait ${id}\` first`);
  if (attempt.status === 'interrupted' || (attempt.tipCommit ?? attempt.headCommit) === null) throw new SwarmError('USAGE', `${what} ${id} was ${attempt.status} and has no program to start from; choose another`);
  return attempt;
};

const operatorOf = (role: SpawnOptions['role'], parents: readonly AttemptRecord[]): Operator => {
  if (parents.length > 1) return 'merge';
  if (parents[0]?.role === 'baseline') return 'explore';
  return role === 'optimizer' ? 'deepen' : 'fan-out';
};

/**
 * The backend a spawned attempt runs on and the config it runs under: with `agent.pool`, the entry
 * `--backend` names (default: the first entry that runs the role); else `--backend` or agent.backend.
 */
const spawnBackend = (config: SwarmConfig, role: SpawnOptions['role'], asked: string | undefined): { backendName: string; kind: AgentBackendName; agentConfig: SwarmConfig } => {
  const pool = poolConfigs(config);
  if (pool.length > 0) {
    const entry = asked === undefined ? pool.find((e) => config.agent.pool.find((p) => p.name === e.name)?.roles.includes(role)) : pool.find((e) => e.name === asked);
    if (entry === undefined) throw new SwarmError('USAGE', `--backend ${asked ?? ''} names no agent.pool entry; the entries are ${pool.map((e) => e.name).join(', ')}`);
    return { backendName: entry.name, kind: entry.config.agent.backend, agentConfig: entry.config };
  }
  const backend = asked === undefined ? undefined : z.enum(AGENT_BACKENDS).safeParse(asked);
  if (backend !== undefined && !backend.success) throw new SwarmError('USAGE', `--backend ${asked} is not one of ${AGENT_BACKENDS.join(', ')}`);
  const name = backend?.data ?? config.agent.backend;
  return { backendName: name, kind: name, agentConfig: config };
};

/**
 * `swarm spawn`: records one attempt and returns its id at once; the background driver (started
 * here when none lives) runs it through the same life cycle, store and budgets as `swarm run`.
 */
export const spawnAttempt = async (options: SpawnOptions): Promise<SpawnResult> => {
  if (options.role === 'optimizer' && (options.parents === 'baseline' || options.parents.length !== 1)) {
    throw new SwarmError('USAGE', 'an optimizer continues one parent attempt\'s agent; give it exactly one --parent (explorers start from --baseline or merge --parents)');
  }
  // The store is created only once the config and the backend are known to be usable.
  const project = await openProject(options.cwd, { store: 'create' });
  const { workspace, paths } = project;
  let withdrawIntent = (): void => undefined;
  try {
    const { config } = await project.config();
    const { backendName, kind, agentConfig } = spawnBackend(config, options.role, options.backend);
    refuseUnpricedDollarBudget(agentConfig, kind);
    await refuseUnusableBackend(kind, agentConfig, workspace.projectDir);
    const store = project.store();
    withdrawIntent = declareSpawnIntent(paths.swarmDir);
    return await spawnInRun(store, paths, workspace.root, { options, config, backendName });
  } finally {
    withdrawIntent();
    project.close();
  }
};

/** Starts the driver when none lives, waits until it is ready, and records the attempt in its run. */
const spawnInRun = async (store: RunQueries, paths: ProjectPaths, root: string, given: { options: SpawnOptions; config: SwarmConfig; backendName: string }): Promise<SpawnResult> => {
  const { options, config, backendName } = given;
  if (!isDriverLive(store, readDriver(paths))) {
    const starting = readDriver(paths);
    if (starting === null || !isIdentityAlive({ pid: starting.pid, started: starting.started })) {
      refuseOtherDriver(store);
      const started = await startSpawnDriver(root, paths);
      // Two spawns started together: one driver wins the run, the other spawn waits for it.
      const holder = readDriver(paths);
      if (started.failure !== null && (holder === null || holder.pid === started.pid)) {
        throw new SwarmError('DRIVER_FAILED', `the spawn driver could not start: ${started.failure}`);
      }
    }
  }
  // A live driver may still be evaluating the baseline.
  await untilDriverReady(store, paths);
  const live = readDriver(paths);
  if (live === null || live.runId === null) throw new SwarmError('DRIVER_FAILED', 'the spawn driver stopped before this spawn was recorded; see .swarm/logs/spawn-driver.log and spawn again');
  const runId = live.runId;
  return store.transaction(() => {
    if (!isDriverLive(store, live)) throw new SwarmError('RUN_LOCKED', `the spawn driver of run ${runId} stopped meanwhile; spawn again`);
    const baseline = store.listAttempts(runId).find((a) => a.role === 'baseline' && a.status === 'scored');
    if (!baseline) throw new SwarmError('USAGE', `run ${runId} has no scored baseline; fix the evaluator (swarm eval) and spawn again`);
    const parents = (options.parents === 'baseline' ? [baseline.id] : options.parents).map((id) => requireRecorded(store, runId, id, 'parent'));
    const informedBy = options.informedBy.map((id) => requireRecorded(store, runId, id, '--informed-by').id);
    const firstParent = parents[0];
    if (options.role === 'optimizer' && firstParent) {
      const edges = store.listEdges(runId);
      const busy = store.listAttempts(runId).find((a) => a.role === 'optimizer' && a.status === 'running' && edges.some((e) => e.to === a.id && e.kind === 'parent' && e.from === firstParent.id));
      if (busy) throw new SwarmError('USAGE', `optimizer ${busy.id} of ${firstParent.id} is still running: one optimizer per parent at a time; \`swarm wait ${busy.id}\` first`);
    }
    if (options.resetBreaker) store.addEvent(runId, BREAKER_RESET_EVENT, {});
    refuseTrippedBreaker(store, runId, config.agent.maxConsecutiveFailures);
    const spent = spentBudget(store, runId, config);
    if (spent !== null) throw new SwarmError('BUDGET_SPENT', `run ${runId}: ${spent}; no attempt spawned (raise the budget in .swarmrc.json to continue)`);
    const wave = Math.max(...parents.map((p) => p.wave)) + 1;
    const operator = operatorOf(options.role, parents);
    store.startWave(runId, wave, 'agent', 'attempts spawned by an agent Shepherd (swarm spawn)');
    const record = store.createAttempt({
      runId, wave, role: options.role, operator,
      backend: backendName,
      seed: config.shepherd.seed + store.listAttempts(runId).length,
      context: options.context,
      parents: parents.map((p) => p.id),
      informedBy,
      paths: (id) => ({ branch: attemptBranch(toRunId(runId), attemptId(id)), logDir: attemptLogDir(paths, id) }),
    });
    store.addEvent(runId, SPAWNED_EVENT, { role: options.role, parents: parents.map((p) => p.id) }, record.id);
    return { id: record.id, run: runId, role: options.role, operator, parents: parents.map((p) => p.id), informedBy, wave };
  });
};
