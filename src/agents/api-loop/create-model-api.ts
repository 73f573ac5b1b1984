import type { SwarmConfig } from '../../config/index.js';
import { knownPrice } from '../../core/budget/known-price.js';
import { resolveApiAccess, type ApiProvider } from './api-access.js';
import type { ModelApi } from './model-api.js';

/**
 * A model API client for `provider`, keyed from the environment. Throws SwarmError
 * CONFIG_INVALID when the key is missing. The SDK is loaded only when a run needs it.
 */
export const createModelApi = async (
  config: SwarmConfig,
  provider: ApiProvider,
  choice: { model: string | null; baseUrl: string | null },
): Promise<ModelApi> => {
  const access = resolveApiAccess(provider, choice.baseUrl);
  const { api } = config.agent;
  const common = { apiKey: access.apiKey, baseUrl: access.baseUrl, maxRetries: api.maxRetries, requestTimeoutMs: api.requestTimeoutMs };
  if (provider === 'anthropic') {
    const { createAnthropicApi, DEFAULT_ANTHROPIC_MODEL } = await import('../anthropic/anthropic-api.js');
    const model = choice.model ?? DEFAULT_ANTHROPIC_MODEL;
    return createAnthropicApi({ ...common, model, price: knownPrice(model, config.agent.prices)?.price });
  }
  const { createOpenAiApi, DEFAULT_OPENAI_MODEL } = await import('../openai/openai-api.js');
  const model = choice.model ?? DEFAULT_OPENAI_MODEL;
  return createOpenAiApi({ ...common, model, price: knownPrice(model, config.agent.prices)?.price });
};
