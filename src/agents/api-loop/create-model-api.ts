import type { SwarmConfig } from '../../config/index.js';
import type { Price } from '../../core/budget/pricing.js';
import { knownPrice } from '../../core/budget/known-price.js';
import { DEFAULT_ANTHROPIC_MODEL } from '../anthropic/default-model.js';
import { DEFAULT_OPENAI_MODEL } from '../openai/default-model.js';
import { resolveApiAccess, type ApiProvider } from './api-access.js';
import type { ModelApi } from './model-api.js';

/** What a client is built from besides the key: what an agent's batch job gets in its spec. */
export interface ModelClientSettings {
  provider: ApiProvider;
  model: string;
  baseUrl: string | null;
  maxRetries: number;
  requestTimeoutMs: number;
  price?: Price | undefined;
}

/** The provider's client with the key (and base URL, unless set) from `env`; the SDK loads only now. */
export const modelApiFrom = async (settings: ModelClientSettings, env: NodeJS.ProcessEnv = process.env): Promise<ModelApi> => {
  const access = resolveApiAccess(settings.provider, settings.baseUrl, env);
  const options = { apiKey: access.apiKey, baseUrl: access.baseUrl, maxRetries: settings.maxRetries, requestTimeoutMs: settings.requestTimeoutMs, model: settings.model, price: settings.price };
  if (settings.provider === 'anthropic') {
    const { createAnthropicApi } = await import('../anthropic/anthropic-api.js');
    return createAnthropicApi(options);
  }
  const { createOpenAiApi } = await import('../openai/openai-api.js');
  return createOpenAiApi(options);
};

/** The client settings of `provider` under `config` (the default model when none is chosen). */
export const modelClientSettings = (config: SwarmConfig, provider: ApiProvider, choice: { model: string | null; baseUrl: string | null }): ModelClientSettings => {
  const model = choice.model ?? (provider === 'anthropic' ? DEFAULT_ANTHROPIC_MODEL : DEFAULT_OPENAI_MODEL);
  const { api } = config.agent;
  return { provider, model, baseUrl: choice.baseUrl, maxRetries: api.maxRetries, requestTimeoutMs: api.requestTimeoutMs, price: knownPrice(model, config.agent.prices)?.price };
};

/**
 * A model API client for `provider`, keyed from the environment. Throws SwarmError
 * CONFIG_INVALID when the key is missing. The SDK is loaded only when a run needs it.
 */
export const createModelApi = async (config: SwarmConfig, provider: ApiProvider, choice: { model: string | null; baseUrl: string | null }): Promise<ModelApi> =>
  modelApiFrom(modelClientSettings(config, provider, choice));
