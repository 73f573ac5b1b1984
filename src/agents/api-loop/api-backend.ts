import type { AgentBackendDescriptor } from '../backend-descriptor.js';
import type { ModelProvider } from './model-provider.js';

/** The descriptor of an API backend (`anthropic`, `openai`): the tool loop (or diff mode) over its provider's SDK. */
export const apiBackend = (provider: ModelProvider, doc: string): AgentBackendDescriptor<null> => ({
  doc,
  settings: null,
  // The tool loop runs on a node through `swarm agent-job`; diff mode's one call stays in the driver.
  capabilities: { slurmJob: true, diffMode: true, revisesNearDuplicate: true, offline: false, accessReadsProject: false },
  defaultModel: () => ({ model: provider.defaultModel, from: `the ${provider.name} backend's default` }),
  modelProvider: provider,
  binary: () => null,
  installHint: null,
  pricedByTokens: () => true,
  create: async (config, context) => {
    const { createApiAgent } = await import('./api-agent.js');
    const { modelApiFrom, modelClientSettings } = await import('./create-model-api.js');
    const { agent } = config;
    const client = modelClientSettings(config, provider, { model: agent.model, baseUrl: agent.baseUrl });
    const api = await modelApiFrom(provider, client);
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
    const { apiAccess } = await import('./api-access.js');
    return apiAccess(provider, config.agent.backend === provider.name ? config.agent.baseUrl : null, env, 'agent.baseUrl (or --base-url)');
  },
  probe: async (config) => {
    const { probeApi } = await import('./api-probe.js');
    return probeApi(provider, config);
  },
  writeChecks: async (_config, { scratch }) => {
    const { probeApiWrite } = await import('./api-write-check.js');
    return [await probeApiWrite(scratch)];
  },
});
