import type { ModelProvider } from '../api-loop/model-provider.js';
import { DEFAULT_ANTHROPIC_MODEL } from './default-model.js';

/** The Anthropic Messages API, for the `anthropic` backend and the Shepherd's model. */
export const anthropicProvider: ModelProvider = {
  name: 'anthropic',
  keyVariable: 'ANTHROPIC_API_KEY',
  baseUrlVariable: 'ANTHROPIC_BASE_URL',
  defaultModel: DEFAULT_ANTHROPIC_MODEL,
  keylessAtBaseUrl: false,
  createApi: async (options) => {
    const { createAnthropicApi } = await import('./anthropic-api.js');
    return createAnthropicApi(options);
  },
};
