import type PQueue from 'p-queue';
import type { SwarmConfig } from '../../config/index.js';
import type { RunId } from '../../core/ids.js';
import type { AgentBackend, EvaluatorRunner } from '../../core/ports.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { Workspace } from '../../core/ports/workspace.js';
import type { Role } from '../../core/types.js';
import type { EvalHandoffServer } from '../evaluation/handoff/handoff-server.js';
import type { Logger } from '../setup/logger.js';
import type { ProjectPaths } from '../setup/project-paths.js';

/**
 * What one `swarm run` works with, fixed once the run is claimed: its settings and the ports
 * (store, workspace, runner, backend, logger) with the two queues that bound concurrency.
 * Nothing here changes during the run; what does is in RunState.
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
  logger: Logger;
  agentQueue: PQueue;
  evalQueue: PQueue;
  systemPrompts: Record<Exclude<Role, 'baseline'>, string>;
  /** What earlier runs tried (.swarm/memory.md as this run found it) when shepherd.memory is on, else null. */
  memory: string | null;
  /** Extra environment for agents and evaluators (PATH with the `swarm` shim, SWARM_* ids). */
  env: Record<string, string>;
  /** Answers agents' `swarm eval` by evaluating their worktree in this process (absent: agents evaluate themselves). */
  evalHandoff?: EvalHandoffServer;
}
