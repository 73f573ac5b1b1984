import { agentBackend } from '../../agents/registry.js';
import type { SwarmConfig } from '../../config-assembly/index.js';
import type { AgentBackend } from '../../core/ports/index.js';
import { swarmArgv } from '../project/cli-path.js';

/** One line saying which agent runs, shown when a run starts. */
export const describeBackend = (config: SwarmConfig): string => {
  const { backend, model } = config.agent;
  const descriptor = agentBackend(backend);
  return descriptor.capabilities.offline ? `agent: ${backend} (${descriptor.doc})` : `agent: ${backend}${model ? ` (${model})` : ''}`;
};

/** Builds the configured agent backend through its registry entry (which loads its SDK or CLI driver only now). */
export const createBackend = async (config: SwarmConfig): Promise<AgentBackend> =>
  agentBackend(config.agent.backend).create(config, { evalArgv: swarmArgv('eval', '--json'), agentJobArgv: swarmArgv('agent-job') });
