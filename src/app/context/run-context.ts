import type PQueue from 'p-queue';
import type { SwarmConfig } from '../../config-assembly/index.js';
import type { RunId } from '../../core/domain/ids.js';
import type { Role } from '../../core/domain/types.js';
import type { AgentBackend, EvaluatorRunner } from '../../core/ports/index.js';
import type { RunCostMeter } from '../../core/budget/run-cost-meter.js';
import type { AttemptRecord } from '../../core/ports/records.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { Workspace } from '../../core/ports/workspace.js';
import type { Logger } from '../project/logger.js';
import type { ProjectPaths } from '../project/project-paths.js';
import type { AgentPool } from '../setup/agent-pool.js';

/**
 * The driver's side of agents' `swarm eval` (evaluation/handoff): an attempt's agent gets the
 * environment that sends its requests to this process, closed when the agent is done.
 */
export interface EvalHandoff {
  open(attempt: { attemptId: string; worktree: string }): Promise<{ env: Record<string, string>; close: () => Promise<void> }>;
}

/**
 * Evolving explorer instructions (shepherd.metaPrompts): the variant an explorer gets is chosen,
 * recorded and returned when its agent starts, a due replacement made first.
 */
export interface InstructionGiver {
  /** The explorer instructions of this attempt (its variant's text). */
  give(attempt: { id: string; backend: string }, signal: AbortSignal): Promise<string>;
}

/**
 * What one run works with, fixed once the run is claimed: its settings and the ports (store,
 * workspace, runner, backend, logger) with the two queues that bound concurrency. Nothing here
 * changes during the run, and nothing is added after it is built; what changes is in RunState.
 */
export interface RunDeps {
  runId: RunId;
  config: SwarmConfig;
  task: string;
  paths: ProjectPaths;
  store: RunStore;
  workspace: Workspace;
  runner: EvaluatorRunner;
  backend: AgentBackend;
  /** `agent.pool`: each attempt runs on the entry its `backend` names; null (or absent) = `backend` alone. */
  pool?: AgentPool | null;
  logger: Logger;
  agentQueue: PQueue;
  evalQueue: PQueue;
  systemPrompts: Record<Exclude<Role, 'baseline'>, string>;
  /** What earlier runs tried (.swarm/memory.md as this run found it) when shepherd.memory is on, else null. */
  memory: string | null;
  /** Extra environment for agents and evaluators (PATH with the `swarm` shim, SWARM_* ids). */
  env: Record<string, string>;
  /** Answers agents' `swarm eval` by evaluating their worktree in this process (absent: agents evaluate themselves). */
  evalHandoff?: EvalHandoff;
  /** Present when shepherd.metaPrompts is on: explorers get evolving instruction variants. */
  instructions?: InstructionGiver;
}

/** The run's circuit breaker, fed every finished attempt (see run/run-breaker.ts). */
export interface RunBreaker {
  observe(attempt: AttemptRecord): void;
  /** Why the breaker stopped the run, or null. */
  readonly reason: string | null;
}

/** The attempt holding the best official score so far. */
export interface Incumbent {
  id: string;
  score: number;
}

/**
 * What changes while a run goes on, owned by the scheduler: the stop signals, the breaker that
 * may drain the run, and the incumbent that recording an attempt moves.
 */
export interface RunState {
  /** Aborted on the first Ctrl-C or by the breaker: attempts still waiting for a slot do not start. */
  drain: AbortSignal;
  /** Aborted on the second Ctrl-C: children are killed, attempts marked interrupted. */
  force: AbortSignal;
  /** Stops the run after `agent.maxConsecutiveFailures` attempts in a row failed alike. */
  breaker: RunBreaker;
  /** The run's dollar cap while attempts run (absent without budget.costUsd); API agents report into it. */
  runCost?: RunCostMeter;
  /** The incumbent, updated as attempts are recorded (for confirmation of a new best). */
  incumbent: Incumbent | null;
  /**
   * Stops the whole run at once when `error` comes from a full (or read-only) disk and returns true
   * (then the attempt that met it is interrupted, not failed); false for any other error. Absent: never.
   */
  halt?: (error: unknown) => boolean;
}

/**
 * The whole run: its ports and its state, as one object, built once by the driver session
 * (run/driver-session.ts) and handed on as it is (a step that records moves `ctx.incumbent` on it).
 * No step is typed on it: each takes a named deps type of its own file, made of Picks of `RunDeps`
 * and `RunState` and of the deps types of the steps it calls (test/lint/run-context.test.ts).
 * It lives below app/run, app/attempt and app/evaluation, which all import it downwards.
 */
export type RunContext = RunDeps & RunState;
