import { z } from 'zod';
import { classifyLimit } from '../../core/limits/classify-limit.js';
import type { AgentLimit } from '../../core/ports/index.js';
import { parseJsonLines } from '../cli-common/json-lines.js';

// The events of Claude Code's stream-json that tell a limit from another failure.
const rateLimitEvent = z.looseObject({
  type: z.literal('rate_limit_event'),
  rate_limit_info: z.looseObject({ status: z.string(), resetsAt: z.number().nullish(), rateLimitType: z.string().nullish() }),
});
const retryEvent = z.looseObject({ type: z.literal('system'), subtype: z.literal('api_retry'), error_status: z.number().nullish(), retry_delay_ms: z.number().nullish() });
const resultEvent = z.looseObject({ type: z.literal('result'), is_error: z.boolean(), result: z.string().optional(), api_error_status: z.number().nullish() });
const anyEvent = z.union([rateLimitEvent, retryEvent, resultEvent, z.looseObject({ type: z.string() })]);

/**
 * The limit that ended a `claude -p` run, from its transcript: a result with `api_error_status`
 * 429/529 (after Claude Code's own `api_retry`s), or a subscription's usage limit ("You've hit your
 * session limit · resets 3pm"), whose reset a `rate_limit_event` with status "rejected" names
 * exactly. Null when the run did not end at a limit.
 */
export const claudeLimit = (stdout: string, now = Date.now()): AgentLimit | null => {
  const { events } = parseJsonLines(stdout, anyEvent);
  let rejectedUntil: number | null = null;
  let retryStatus: number | null = null;
  let result: z.infer<typeof resultEvent> | null = null;
  for (const event of events) {
    const limit = rateLimitEvent.safeParse(event);
    if (limit.success) {
      const info = limit.data.rate_limit_info;
      rejectedUntil = info.status === 'rejected' && typeof info.resetsAt === 'number' ? info.resetsAt * 1000 : null;
    }
    const retry = retryEvent.safeParse(event);
    if (retry.success) retryStatus = retry.data.error_status ?? null;
    const final = resultEvent.safeParse(event);
    if (final.success) result = final.data;
  }
  if (result !== null && !result.is_error) return null;
  const httpStatus = result?.api_error_status ?? (result === null ? retryStatus : null);
  const found = classifyLimit({ text: result?.result ?? '', httpStatus: httpStatus === 429 || httpStatus === 529 ? httpStatus : null, now });
  if (found === null && rejectedUntil === null) return null;
  const detail = found?.detail ?? 'claude reported its usage limit as reached';
  return { kind: found?.kind ?? 'usage-limit', resetAt: rejectedUntil !== null && rejectedUntil > now ? rejectedUntil : (found?.resetAt ?? null), detail };
};
