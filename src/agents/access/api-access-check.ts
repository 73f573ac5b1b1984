import { resolveApiAccess } from '../api-loop/api-access.js';
import type { ModelProvider } from '../api-loop/model-provider.js';
import { isSwarmError } from '../../core/domain/errors.js';
import { isSet, type AccessCheck, type Env } from './access-check.js';
import { checkReachable } from './check-reachable.js';

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

/** A CLI's login check, then the model endpoint it will call (when one is named) must answer. */
export const withReachableEndpoint = async (login: AccessCheck, baseUrl: string | undefined, fix: string): Promise<AccessCheck> => {
  if (!login.ok || baseUrl === undefined) return login;
  const reachable = await checkReachable(baseUrl);
  return reachable.ok ? { ok: true, detail: `${login.detail}; ${reachable.detail}` } : { ok: false, detail: `${reachable.detail}; ${fix}` };
};
