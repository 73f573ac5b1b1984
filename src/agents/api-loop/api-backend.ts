import type { AgentBackendDescriptor } from '../backend-descriptor.js';
import type { ApiProvider } from './api-access.js';

/**
 * The descriptor of an API backend (`anthropic`, `openai`): the tool loop (or diff mode) over the
 * provider's SDK; `defaultModel` is the model it runs when agent.model is unset.
 */
export const apiBackend = (provider: ApiProvider, doc: string, defaultModel: string): AgentBackendDescriptor<null> => ({
  doc,
  settings: null,
  // The tool loop runs on a node through `swarm agent-job`; diff mode's one call stays in the driver.
  capabilities: { slurmJob: true, diffMode: true, revisesNearDuplicate: true, offline: false, accessReadsProject: false },
  defaultModel: () => ({ model: defaultModel, from: `the ${provider} backend's default` }),
  binary: () => null,
  installHint: null,
  pricedByTokens: () => true,
  create: async (config, context) => {
    const { createApiAgent } = await import('./api-agent.js');
    const { modelApiFrom, modelClientSettings } = await import('./create-model-api.js');
    const { agent } = config;
    const client = modelClientSettings(config, provider, { model: agent.model, baseUrl: agent.baseUrl });
    const api = await modelApiFrom(client);
    return createApiAgent(api, {
      mode: agent.mode,
      limits: { maxTurns: agent.maxTurns, maxTokens: agent.maxTokens, maxCostUsd: agent.maxCostUsd },
      maxOutputTokens: agent.api.maxOutputTokens,
      commandTimeoutMs: agent.api.commandTimeoutMs,
      outputChars: agent.api.outputChars,
      evalArgv: context.evalArgv,
      diff: { resamples: agent.diff.resamples, fullRewrite: agent.diff.fullRewrite },
      job: { client, agentJobArgv: context.agentJobArgv },
    });
  },
  access: async (config, _root, env) => {
    const { apiAccess } = await import('../access/api-access-check.js');
    return apiAccess(provider, config.agent.backend === provider ? config.agent.baseUrl : null, env, 'agent.baseUrl (or --base-url)');
  },
  probe: async (config) => {
    const { probeApi } = await import('./api-probe.js');
    return probeApi(provider, config);
  },
});
