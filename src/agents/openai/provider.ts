import type { ModelProvider } from '../api-loop/model-provider.js';
import { DEFAULT_OPENAI_MODEL } from './default-model.js';

/** The OpenAI Chat Completions API, or any OpenAI-compatible server (vLLM, llama.cpp, Ollama: no key at a base URL). */
export const openaiProvider: ModelProvider = {
  name: 'openai',
  keyVariable: 'OPENAI_API_KEY',
  baseUrlVariable: 'OPENAI_BASE_URL',
  defaultModel: DEFAULT_OPENAI_MODEL,
  keylessAtBaseUrl: true,
  createApi: async (options) => {
    const { createOpenAiApi } = await import('./openai-api.js');
    return createOpenAiApi(options);
  },
};
