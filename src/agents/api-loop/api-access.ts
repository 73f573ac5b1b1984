import { SwarmError } from '../../core/domain/errors.js';

export type ApiProvider = 'anthropic' | 'openai';

const KEY_VAR: Record<ApiProvider, string> = { anthropic: 'ANTHROPIC_API_KEY', openai: 'OPENAI_API_KEY' };
const URL_VAR: Record<ApiProvider, string> = { anthropic: 'ANTHROPIC_BASE_URL', openai: 'OPENAI_BASE_URL' };

/** Sent as the key to OpenAI-compatible servers that need none (a local vLLM, llama.cpp, Ollama). */
export const PLACEHOLDER_KEY = 'no-key-needed';

/**
 * The key (only ever from the environment) and base URL of a provider. A missing key is a
 * configuration error naming the variable, since every attempt would fail; an OpenAI-compatible
 * server at an explicit base URL may need no key, so a placeholder is sent then.
 */
export const resolveApiAccess = (provider: ApiProvider, configuredBaseUrl: string | null, env: NodeJS.ProcessEnv = process.env): { apiKey: string; baseUrl: string | null } => {
  const baseUrl = configuredBaseUrl ?? (env[URL_VAR[provider]]?.trim() || null);
  const key = env[KEY_VAR[provider]]?.trim();
  if (key) return { apiKey: key, baseUrl };
  if (provider === 'openai' && baseUrl !== null) return { apiKey: PLACEHOLDER_KEY, baseUrl };
  const hint = provider === 'openai' ? ', or set a base URL (agent.baseUrl, --base-url or OPENAI_BASE_URL) of a server that needs no key' : '';
  throw new SwarmError('CONFIG_INVALID', `the ${provider} backend needs an API key: set the environment variable ${KEY_VAR[provider]}${hint}; keys are never read from config files`);
};
