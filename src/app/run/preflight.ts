import type { Env } from '../../agents/access/access-check.js';
import { apiAccess } from '../../agents/api-loop/api-access.js';
import { agentBackend, modelProviderOf } from '../../agents/registry.js';
import type { SwarmConfig } from '../../config-assembly/index.js';
import { SwarmError } from '../../core/domain/errors.js';
import { poolConfigs } from '../setup/agent-pool.js';

/**
 * Run before the baseline is recorded: an agent that cannot authenticate (or a planning model that
 * cannot) is a configuration error with its fix, not a run whose every attempt fails.
 */
export const preflight = async (config: SwarmConfig, root: string, env: Env = process.env): Promise<void> => {
  const problems: string[] = [];
  const pool = poolConfigs(config);
  for (const { name, config: own } of pool.length > 0 ? pool : [{ name: null, config }]) {
    const agent = await agentBackend(own.agent.backend).access(own, root, env);
    if (!agent.ok) problems.push(`agent ${own.agent.backend}${name === null ? '' : ` (agent.pool entry ${name})`} cannot work: ${agent.detail}`);
  }
  if (config.shepherd.policy === 'llm') {
    const { llm } = config.shepherd;
    const sameApi = config.agent.backend === llm.backend;
    const planner = await apiAccess(modelProviderOf(llm.backend), llm.baseUrl ?? (sameApi ? config.agent.baseUrl : null), env, 'shepherd.llm.baseUrl');
    if (!planner.ok) problems.push(`the planning model (shepherd.policy "llm", ${llm.backend}) cannot work: ${planner.detail}`);
  }
  if (problems.length > 0) throw new SwarmError('BACKEND_UNAVAILABLE', problems.join('\n'));
};
