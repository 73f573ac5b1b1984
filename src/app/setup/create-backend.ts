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
  agentBackend(config.agent.backend).create(config, { evalArgv: swarmArgv('eval', '--json') });

/**
 * A warning when a cost limit is set but this backend's cost cannot be known: the API and codex
 * report tokens only, and without `agent.prices[model]` every attempt would count as $0.
 */
export const costTrackingWarning = (config: SwarmConfig): string | null => {
  const limited = config.budget.costUsd > 0 || config.agent.maxCostUsd > 0;
  const { backend, model, prices } = config.agent;
  if (!limited || !agentBackend(backend).pricedByTokens(config)) return null;
  if (model !== null && prices[model] !== undefined) return null;
  return `warning: budget.costUsd / agent.maxCostUsd cannot be enforced: ${backend} reports tokens, and agent.prices has no entry for model ${model === null ? '(none set: set agent.model)' : `"${model}"`}; add one, e.g. "prices": {"${model ?? 'my-model'}": {"input": 3, "output": 15}}`;
};
