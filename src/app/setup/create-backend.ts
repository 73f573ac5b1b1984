import type { SwarmConfig } from '../../config/index.js';
import type { AgentBackend } from '../../core/ports.js';
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
      const { codexConfiguredModel } = await import('./cli-credentials.js');
      return createCliBackend(config.agent.backend, config.agent, { codexModel: codexConfiguredModel(config.agent.codex) });
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
