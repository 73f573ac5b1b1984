import type { SharedConfig } from '../../config/config-types.js';
import type { Price } from '../../core/budget/pricing.js';
import { knownPrice } from '../../core/budget/known-price.js';
import { resolveApiAccess } from './api-access.js';
import type { ModelApi } from './model-api.js';
import type { ModelProvider } from './model-provider.js';

/** What a client is built from besides the key: what an agent's batch job gets in its spec. */
export interface ModelClientSettings {
  /** The provider's name (`ModelProvider.name`), as an agent job's spec carries it. */
  provider: string;
  model: string;
  baseUrl: string | null;
  maxRetries: number;
  requestTimeoutMs: number;
  price?: Price | undefined;
}

/** The provider's client with the key (and base URL, unless set) from `env`; the SDK loads only now. */
export const modelApiFrom = async (provider: ModelProvider, settings: ModelClientSettings, env: NodeJS.ProcessEnv = process.env): Promise<ModelApi> => {
  const access = resolveApiAccess(provider, settings.baseUrl, env);
  return provider.createApi({ apiKey: access.apiKey, baseUrl: access.baseUrl, maxRetries: settings.maxRetries, requestTimeoutMs: settings.requestTimeoutMs, model: settings.model, price: settings.price });
};

/** The client settings of `provider` under `config` (the default model when none is chosen). */
export const modelClientSettings = (config: SharedConfig, provider: ModelProvider, choice: { model: string | null; baseUrl: string | null }): ModelClientSettings => {
  const model = choice.model ?? provider.defaultModel;
  const { api } = config.agent;
  return { provider: provider.name, model, baseUrl: choice.baseUrl, maxRetries: api.maxRetries, requestTimeoutMs: api.requestTimeoutMs, price: knownPrice(model, config.agent.prices)?.price };
};

/**
 * A model API client for `provider`, keyed from the environment. Throws SwarmError
 * CONFIG_INVALID when the key is missing. The SDK is loaded only when a run needs it.
 */
export const createModelApi = async (config: SharedConfig, provider: ModelProvider, choice: { model: string | null; baseUrl: string | null }): Promise<ModelApi> =>
  modelApiFrom(provider, modelClientSettings(config, provider, choice));
