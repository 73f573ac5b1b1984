import type { ModelApi, ModelApiOptions } from './model-api.js';

/**
 * The model API an API backend runs on, declared in the backend's own folder (`anthropic/provider.ts`,
 * `openai/provider.ts`): everything the tool loop, diff mode, the access check, the probe and the
 * Shepherd's model need to know about it. Its module imports no SDK: `createApi` loads it.
 */
export interface ModelProvider {
  /** Its backend's name: on sessions, transcripts, messages and in an agent job's spec. */
  name: string;
  /** The variable its key is read from (never from a config file). */
  keyVariable: string;
  /** The variable naming its base URL when the config names none. */
  baseUrlVariable: string;
  /** The model it runs when agent.model (or shepherd.llm.model) is unset. */
  defaultModel: string;
  /** A server at an explicit base URL may need no key (OpenAI-compatible servers): a placeholder key is sent then. */
  keylessAtBaseUrl: boolean;
  /** The client over its SDK, which loads only now. */
  createApi: (options: ModelApiOptions) => Promise<ModelApi>;
}
