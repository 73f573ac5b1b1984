import type { SwarmConfig } from '../config/index.js';
import { SwarmError } from '../core/errors.js';
import type { AgentBackend } from '../core/ports.js';
import { createLocalAgent } from '../agents/local/index.js';
import { swarmArgv } from './cli-path.js';

/** One line saying which agent runs, shown when a run starts. */
export const describeBackend = (config: SwarmConfig): string =>
  config.agent.backend === 'local'
    ? 'agent: local (offline mutator of numeric literals in EVOLVE-BLOCK regions; no model configured)'
    : `agent: ${config.agent.backend}${config.agent.model ? ` (${config.agent.model})` : ''}`;

/** Builds the configured agent backend; heavy SDK-based ones are imported only when chosen. */
export const createBackend = async (config: SwarmConfig): Promise<AgentBackend> => {
  switch (config.agent.backend) {
    case 'local':
      return createLocalAgent({ ...config.agent.local, evalArgv: swarmArgv('eval', '--json') });
    default:
      throw new SwarmError(
        'CONFIG_INVALID',
        `agent.backend: "${config.agent.backend}" is not available in this version of swarm yet; use "local" (offline) for now`,
      );
  }
};
