import type PQueue from 'p-queue';
import type { SwarmConfig } from '../../config/index.js';
import type { RunId } from '../../core/ids.js';
import type { AgentBackend, EvaluatorRunner } from '../../core/ports.js';
import type { Role } from '../../core/types.js';
import type { SwarmStore } from '../../store/swarm-store.js';
import type { GitWorkspace } from '../../workspace/index.js';
import type { EvalHandoffServer } from '../evaluation/handoff/handoff-server.js';
import type { Logger } from '../setup/logger.js';
import type { RunBreaker } from './run-breaker.js';
import type { ProjectPaths } from '../setup/project-paths.js';

/** Everything the attempt life cycle needs, built once per `swarm run`. */
export interface RunContext {
  runId: RunId;
  config: SwarmConfig;
  task: string;
  paths: ProjectPaths;
  store: SwarmStore;
  workspace: GitWorkspace;
  runner: EvaluatorRunner;
  backend: AgentBackend;
  logger: Logger;
  agentQueue: PQueue;
  evalQueue: PQueue;
  systemPrompts: Record<Exclude<Role, 'baseline'>, string>;
  /** Extra environment for agents and evaluators (PATH with the `swarm` shim, SWARM_* ids). */
  env: Record<string, string>;
  /** Aborted on the first Ctrl-C or by the breaker: attempts still waiting for a slot do not start. */
  drain: AbortSignal;
  /** Aborted on the second Ctrl-C: children are killed, attempts marked interrupted. */
  force: AbortSignal;
  /** Stops the run after `agent.maxConsecutiveFailures` attempts in a row failed alike. */
  breaker: RunBreaker;
  /** The incumbent, updated as attempts are recorded (for confirmation of a new best). */
  incumbent: { id: string; score: number } | null;
  /** Answers agents' `swarm eval` by evaluating their worktree in this process (absent: agents evaluate themselves). */
  evalHandoff?: EvalHandoffServer;
}
