import { agentBackend } from '../../agents/registry.js';
import type { SwarmConfig } from '../../config/index.js';
import type { AgentBackend } from '../../core/ports/index.js';
import { swarmArgv } from './cli-path.js';

/** One line saying which agent runs, shown when a run starts. */
export const describeBackend = (config: SwarmConfig): string =>
  config.agent.backend === 'local'
    ? 'agent: local (offline mutator of numeric literals and categorical choices in EVOLVE-BLOCK regions; no model configured)'
    : `agent: ${config.agent.backend}${config.agent.model ? ` (${config.agent.model})` : ''}`;

/** Builds the configured agent backend through its registry entry (which loads its SDK or CLI driver only now). */
export const createBackend = async (config: SwarmConfig): Promise<AgentBackend> =>
  agentBackend(config.agent.backend).create(config, { evalArgv: swarmArgv('eval', '--json'), agentJobArgv: swarmArgv('agent-job') });
