import type { AccessCheck } from './access-check.js';
import { checkReachable } from './check-reachable.js';

/** A CLI's login check, then the model endpoint it will call (when one is named) must answer. */
export const withReachableEndpoint = async (login: AccessCheck, baseUrl: string | undefined, fix: string): Promise<AccessCheck> => {
  if (!login.ok || baseUrl === undefined) return login;
  const reachable = await checkReachable(baseUrl);
  return reachable.ok ? { ok: true, detail: `${login.detail}; ${reachable.detail}` } : { ok: false, detail: `${reachable.detail}; ${fix}` };
};
