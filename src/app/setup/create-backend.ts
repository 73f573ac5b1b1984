import type { SwarmConfig } from '../../config/index.js';
import type { AgentBackend } from '../../core/ports/index.js';
import { createLocalAgent } from '../../agents/local/index.js';
import { swarmArgv } from './cli-path.js';

/** One line saying which agent runs, shown when a run starts. */
export const describeBackend = (config: SwarmConfig): string =>
  config.agent.backend === 'local'
    ? 'agent: local (offline mutator of numeric literals and categorical choices in EVOLVE-BLOCK regions; no model configured)'
    : `agent: ${config.agent.backend}${config.agent.model ? ` (${config.agent.model})` : ''}`;

/** Builds the configured agent backend; heavy SDK-based ones are imported only when chosen. */
export const createBackend = async (config: SwarmConfig): Promise<AgentBackend> => {
  switch (config.agent.backend) {
    case 'local':
      return createLocalAgent({ ...config.agent.local, evalArgv: swarmArgv('eval', '--json') });
    case 'claude-code':
    case 'codex':
    case 'command': {
      const { createCliBackend } = await import('../../agents/cli-common/create-cli-backend.js');
      return createCliBackend(config.agent.backend, config.agent);
    }
    case 'anthropic':
    case 'openai': {
      const { createApiAgent } = await import('../../agents/api-loop/index.js');
      const { createModelApi } = await import('./create-model-api.js');
      const { agent } = config;
      const api = await createModelApi(config, config.agent.backend, { model: agent.model, baseUrl: agent.baseUrl });
      return createApiAgent(api, {
        mode: agent.mode,
        limits: { maxTurns: agent.maxTurns, maxTokens: agent.maxTokens, maxCostUsd: agent.maxCostUsd },
        maxOutputTokens: agent.api.maxOutputTokens,
        commandTimeoutMs: agent.api.commandTimeoutMs,
        outputChars: agent.api.outputChars,
        evalArgv: swarmArgv('eval', '--json'),
        diff: { resamples: agent.diff.resamples, fullRewrite: agent.diff.fullRewrite },
      });
    }
  }
};

/**
 * A warning when a cost limit is set but this backend's cost cannot be known: the API and codex
 * report tokens only, and without `agent.prices[model]` every attempt would count as $0.
 */
export const costTrackingWarning = (config: SwarmConfig): string | null => {
  const limited = config.budget.costUsd > 0 || config.agent.maxCostUsd > 0;
  const { backend, model, prices } = config.agent;
  const pricedByTokens = backend === 'anthropic' || backend === 'openai' || backend === 'codex' || (backend === 'command' && config.agent.command.costUsdPath === null);
  if (!limited || !pricedByTokens) return null;
  if (model !== null && prices[model] !== undefined) return null;
  return `warning: budget.costUsd / agent.maxCostUsd cannot be enforced: ${backend} reports tokens, and agent.prices has no entry for model ${model === null ? '(none set: set agent.model)' : `"${model}"`}; add one, e.g. "prices": {"${model ?? 'my-model'}": {"input": 3, "output": 15}}`;
};
