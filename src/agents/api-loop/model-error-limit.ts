import { classifyLimit } from '../../core/limits/classify-limit.js';
import type { AgentLimit } from '../../core/ports/index.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Response headers of an SDK error (both SDKs carry a fetch `Headers`), lower-case names. */
const headersOf = (value: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (value instanceof Headers) value.forEach((v, k) => (out[k.toLowerCase()] = v));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k.toLowerCase()] = v;
  return out;
};

/**
 * The limit behind a model request that failed after the SDK's own retries: the anthropic and
 * openai SDK errors carry the HTTP status and the response headers (retry-after and the
 * provider's `*-ratelimit-*-reset`); null for any other failure.
 */
export const limitOfModelError = (error: unknown, now = Date.now()): AgentLimit | null => {
  if (!isRecord(error) || typeof error.status !== 'number') return null;
  const text = error instanceof Error ? error.message : '';
  return classifyLimit({ httpStatus: error.status, headers: headersOf(error.headers), text, now });
};

/** `{ limit }` to spread into the outcome of a failed model request (null: checked, not a limit). */
export const limitField = (error: unknown): { limit: AgentLimit | null } => ({ limit: limitOfModelError(error) });
