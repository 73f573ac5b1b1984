import type { AccessCheck } from './access-check.js';

const causeOf = (error: unknown): string => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) return 'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message;
  return String(cause);
};

/**
 * Whether anything answers HTTP at `url` (any status counts: the path may not exist, the key may
 * be refused; that is for the probe). Refused connections, unknown hosts and silence are caught.
 */
export const checkReachable = async (url: string, timeoutMs = 5000): Promise<AccessCheck> => {
  try {
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.body?.cancel();
    return { ok: true, detail: `${url} answers (HTTP ${response.status})` };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : causeOf(error);
    return { ok: false, detail: `${url} is unreachable (${reason})` };
  }
};
