import type { AgentLimit } from '../ports/index.js';
import { parseResetTime, parseSpan } from './reset-time.js';

/** What a backend knows about a failed request or run. */
export interface LimitEvidence {
  /** The error or outcome text (an SDK message, a CLI's result text, a stderr tail). */
  text?: string;
  /** HTTP status of the failed request, when known; a known status other than 429/529 is no limit. */
  httpStatus?: number | null;
  /** Response headers, lower-case names (retry-after, retry-after-ms, *-ratelimit-*-reset). */
  headers?: Readonly<Record<string, string>>;
  now: number;
}

// Limits that lift by themselves. Billing problems (no credit, quota used up for good) do not
// and are failures: "insufficient_quota", "credit balance too low", "Quota exceeded. Check your plan".
const USAGE_LIMIT = /usage limit|hit your (?:[\w-]+\s){0,3}limit|(?:session|weekly|daily|5-hour|five-hour|monthly) limit (?:reached|hit)|limit reached\s*[|·∙]|usage_limit_reached/i;
const RATE_LIMIT = /rate[ _-]?limit(?:ed|_error)?|too many requests|overloaded(?:_error)?|\b(?:HTTP|status|API Error:?|error_status:?)\s*(?:429|529)\b|\b(?:429|529)\s+(?:Too Many Requests|Overloaded)|last status:\s*(?:429|529)\b/i;
const NOT_A_LIMIT = /insufficient_quota|credit balance (?:is )?too low|quota exceeded\. check your plan|billing_error|exceeded your current quota/i;

/** The clause that says it (a CLI's reason joins stderr lines with " / " and notes with "; "). */
const clauseOf = (text: string, pattern: RegExp): string => {
  const clause = text.split(/\n|; | \/ /).find((part) => pattern.test(part)) ?? text;
  return clause.replace(/\s+/g, ' ').trim().slice(0, 240);
};

/** The reset a response's headers name: retry-after(-ms) first, then the latest `*-reset` header. */
export const resetFromHeaders = (headers: Readonly<Record<string, string>>, now: number): number | null => {
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return now + ms;
  const after = headers['retry-after'];
  if (after !== undefined) {
    const seconds = Number(after);
    if (after.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return now + seconds * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return date;
  }
  let latest: number | null = null;
  for (const [name, value] of Object.entries(headers)) {
    if (!/ratelimit.*reset/.test(name)) continue;
    const trimmed = value.trim();
    const span = /^[\d.]+\s*[a-z]/i.test(trimmed) ? parseSpan(trimmed) : null;
    const iso = /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
    const at = /^\d{9,11}$/.test(trimmed) ? Number(trimmed) * 1000 : span !== null ? now + span : Number.isFinite(iso) ? iso : null;
    if (at !== null && (latest === null || at > latest)) latest = at;
  }
  return latest;
};

/**
 * Whether an agent's failure was a rate limit or a usage limit, and when it lifts (a reset already
 * past is returned as it is: the caller backs off then). Pure: the backends pass what they saw
 * (a status and headers from an SDK error, a CLI's message text).
 */
export const classifyLimit = (evidence: LimitEvidence): AgentLimit | null => {
  const text = evidence.text ?? '';
  const status = evidence.httpStatus ?? null;
  if (NOT_A_LIMIT.test(text)) return null;
  if (status !== null && status !== 429 && status !== 529) return null;
  const usage = USAGE_LIMIT.test(text);
  const rate = status !== null || RATE_LIMIT.test(text);
  if (!usage && !rate) return null;
  const resetAt = (evidence.headers ? resetFromHeaders(evidence.headers, evidence.now) : null) ?? parseResetTime(text, evidence.now);
  const kind = usage ? 'usage-limit' : 'rate-limit';
  const seen = text.trim() === '' ? '' : clauseOf(text, usage ? USAGE_LIMIT : RATE_LIMIT);
  const retryAfter = evidence.headers?.['retry-after'];
  const detail = status !== null ? [`HTTP ${status}`, retryAfter !== undefined ? `retry-after ${retryAfter}` : null, seen || null].filter(Boolean).join(', ') : seen;
  return { kind, resetAt, detail };
};

/** Backoff when no reset time is known: `base` doubled per wait already taken, at most `cap`. */
export const backoffMs = (waits: number, base: number, cap: number): number => Math.min(cap, base * 2 ** Math.max(0, waits));
