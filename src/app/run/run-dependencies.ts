import { join } from 'node:path';
import PQueue from 'p-queue';
import type { LoadedConfig } from '../../config-assembly/index.js';
import { runId as toRunId } from '../../core/domain/ids.js';
import { loadSystemPrompts } from '../attempt/system-prompts.js';
import { writeSwarmShim } from '../project/cli-path.js';
import { roleInstructionsFromSkills } from '../setup/packaged-skills.js';
import { readProjectMemory } from './project-memory.js';
import { createRunBreaker } from './run-breaker.js';
import { RunCostMeter } from '../../core/budget/run-cost-meter.js';
import type { InstructionGiver, RunDeps, RunState } from '../context/run-context.js';
import { createAgentPool } from '../setup/agent-pool.js';
import { createInstructionPool } from './instruction-pool.js';
import { createVariantWriter, shepherdHasModel } from './instruction-writer.js';

/** What the deps are built from; `logger` is the process logger, the deps get a child bound to the run. */
export type RunDepsInput = Pick<RunDeps, 'paths' | 'store' | 'workspace' | 'runner' | 'backend' | 'logger'> & { runId: string; loaded: LoadedConfig };

/** The evolving explorer instructions of shepherd.metaPrompts, written by the Shepherd's model when it has one. */
const instructionPool = (input: RunDepsInput, base: string): InstructionGiver => {
  const { config } = input.loaded;
  const deps = { runId: input.runId, config, task: input.loaded.prompt, store: input.store, logger: input.logger.child({ run: input.runId }) };
  return createInstructionPool({ ...deps, base, writer: shepherdHasModel(config) ? createVariantWriter(deps) : null });
};

/** The run's ports and settings for the attempt life cycle (writes the `swarm` shim agents find on PATH). */
export const createRunDeps = async (input: RunDepsInput): Promise<RunDeps> => {
  const { config } = input.loaded;
  const shimDir = writeSwarmShim(input.paths.binDir);
  const pool = await createAgentPool(config);
  const systemPrompts = await loadSystemPrompts(input.workspace.projectFolder(input.workspace.root), config.agent.systemPrompt, roleInstructionsFromSkills());
  return {
    runId: toRunId(input.runId),
    config,
    task: input.loaded.prompt,
    paths: input.paths,
    store: input.store,
    workspace: input.workspace,
    runner: input.runner,
    // With a pool the run's own backend names no entry: the schedulers never wait on one entry's limit.
    backend: pool === null ? input.backend : { name: 'agent.pool', run: () => Promise.reject(new Error('bug: an attempt of a pooled run ran without its pool entry')) },
    pool,
    logger: input.logger.child({ run: input.runId }),
    agentQueue: new PQueue({ concurrency: config.concurrency.agents }),
    evalQueue: new PQueue({ concurrency: config.concurrency.evaluations }),
    memory: config.shepherd.memory ? await readProjectMemory(input.paths.memoryFile) : null,
    systemPrompts,
    ...(config.shepherd.metaPrompts ? { instructions: instructionPool(input, systemPrompts.explorer) } : {}),
    env: {
      PATH: `${shimDir}:${process.env.PATH ?? ''}`,
      // For agents whose shell resets PATH (codex runs login shells): the shim by its absolute path.
      SWARM_BIN: join(shimDir, 'swarm'),
      SWARM_RUN_ID: input.runId,
      SWARM_REPO: input.workspace.root,
      // So an agent's `swarm eval` scores with this run's config file and seed.
      SWARM_EVAL_SEED: String(config.shepherd.seed),
      ...(input.loaded.file ? { SWARM_CONFIG: input.loaded.file } : {}),
    },
  };
};

/**
 * The state a scheduler starts with: `stop` drains the run (the first Ctrl-C, or the breaker after
 * `agent.maxConsecutiveFailures` failures alike, which says so through `report`); `force` kills.
 */
export const createRunState = (deps: Pick<RunDeps, 'config' | 'store' | 'runId' | 'logger' | 'pool'>, signals: { stop: AbortController; force: AbortSignal; report: (line: string) => void }): RunState => ({
  drain: signals.stop.signal,
  force: signals.force,
  breaker: createRunBreaker({ limit: deps.config.agent.maxConsecutiveFailures, stop: signals.stop, report: signals.report, store: deps.store, runId: deps.runId, logger: deps.logger, pool: deps.pool ?? null }),
  incumbent: null,
  ...(deps.config.budget.costUsd > 0
    ? {
        runCost: new RunCostMeter(deps.config.budget.costUsd, () => ({
          // The cost column alone: this runs before every model call of an API agent and grows with the run.
          attempts: deps.store.listAttemptUsage(deps.runId, { excludeInterrupted: true }),
          otherUsd: deps.store.eventUsage(deps.runId, 'shepherd.llm').costUsd,
        })),
      }
    : {}),
});
