import { isSwarmError, SwarmError } from '../../core/domain/errors.js';
import { isSet, type AccessCheck, type Env } from '../access/access-check.js';
import { checkReachable } from '../access/check-reachable.js';
import type { ModelProvider } from './model-provider.js';

/** Sent as the key to OpenAI-compatible servers that need none (a local vLLM, llama.cpp, Ollama). */
export const PLACEHOLDER_KEY = 'no-key-needed';

/**
 * The key (only ever from the environment) and base URL of a provider. A missing key is a
 * configuration error naming the variable, since every attempt would fail; an OpenAI-compatible
 * server at an explicit base URL may need no key, so a placeholder is sent then.
 */
export const resolveApiAccess = (provider: ModelProvider, configuredBaseUrl: string | null, env: NodeJS.ProcessEnv = process.env): { apiKey: string; baseUrl: string | null } => {
  const baseUrl = configuredBaseUrl ?? (env[provider.baseUrlVariable]?.trim() || null);
  const key = env[provider.keyVariable]?.trim();
  if (key) return { apiKey: key, baseUrl };
  if (provider.keylessAtBaseUrl && baseUrl !== null) return { apiKey: PLACEHOLDER_KEY, baseUrl };
  const hint = provider.keylessAtBaseUrl ? `, or set a base URL (agent.baseUrl, --base-url or ${provider.baseUrlVariable}) of a server that needs no key` : '';
  throw new SwarmError('CONFIG_INVALID', `the ${provider.name} backend needs an API key: set the environment variable ${provider.keyVariable}${hint}; keys are never read from config files`);
};

/** A key (or a keyless OpenAI-compatible server) and, for an explicit base URL, a server that answers. */
export const apiAccess = async (provider: ModelProvider, configuredBaseUrl: string | null, env: Env, where: string): Promise<AccessCheck> => {
  let access: { apiKey: string; baseUrl: string | null };
  try {
    access = resolveApiAccess(provider, configuredBaseUrl, env);
  } catch (error) {
    return { ok: false, detail: isSwarmError(error) ? error.message : String(error) };
  }
  const { keyVariable } = provider;
  const keyNote = isSet(env[keyVariable]) ? `${keyVariable} is set` : 'no key needed at a base URL';
  if (access.baseUrl === null) return { ok: true, detail: keyNote };
  const reachable = await checkReachable(access.baseUrl);
  const source = configuredBaseUrl !== null ? where : provider.baseUrlVariable;
  return reachable.ok
    ? { ok: true, detail: `${keyNote}; ${reachable.detail}` }
    : { ok: false, detail: `${reachable.detail}; start the server or correct ${source}` };
};
