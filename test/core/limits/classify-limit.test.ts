import { describe, expect, it } from 'vitest';
import { backoffMs, classifyLimit, resetFromHeaders } from '../../../src/core/limits/classify-limit.js';
import { parseResetTime, parseSpan } from '../../../src/core/limits/reset-time.js';

// 2026-12-01 08:00:00 UTC, a Tuesday.
const NOW = Date.UTC(2026, 11, 1, 8, 0, 0);

describe('parseResetTime', () => {
  it('reads Claude Code messages: a time of day in a named zone, the next such time', () => {
    expect(parseResetTime("You've hit your session limit · resets 12:50pm (UTC)", NOW)).toBe(Date.UTC(2026, 11, 1, 12, 51));
    // 3am UTC already passed today: tomorrow.
    expect(parseResetTime("You've hit your limit · resets 3am (UTC)", NOW)).toBe(Date.UTC(2026, 11, 2, 3, 1));
    // 9:30 in Los Angeles (UTC-8 in December) is 17:30 UTC.
    expect(parseResetTime('Claude usage limit reached. Your limit will reset at 9:30 AM (America/Los_Angeles).', NOW)).toBe(Date.UTC(2026, 11, 1, 17, 31));
    expect(parseResetTime("You've hit your weekly limit · resets Dec 3, 5pm (UTC)", NOW)).toBe(Date.UTC(2026, 11, 3, 17, 1));
    expect(parseResetTime('Claude AI usage limit reached|1796112000', NOW)).toBe(1_796_112_000_000);
  });

  it('reads codex messages: at a local time, at a date, in a span', () => {
    const local = new Date(NOW);
    local.setHours(local.getHours() + 2, 15, 0, 0);
    const shown = local.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(parseResetTime(`You've hit your usage limit. Try again at ${shown}.`, NOW)).toBe(local.getTime() + 60_000);
    expect(parseResetTime("You've hit your usage limit. Upgrade to Pro or try again at Sep 29th, 2027 12:55 AM.", NOW)).toBe(new Date(2027, 8, 29, 0, 55).getTime() + 60_000);
    expect(parseResetTime("You've hit your usage limit. Upgrade to Pro (https://openai.com/chatgpt/pricing) or try again in 5 days 22 hours 11 minutes.", NOW))
      .toBe(NOW + ((5 * 24 + 22) * 60 + 11) * 60_000);
  });

  it('a time to the second is exact; a codex time shown to the minute that is passing now waits to its end', () => {
    const soon = new Date(NOW + 3000);
    const hms = `${soon.getHours()}:${String(soon.getMinutes()).padStart(2, '0')}:${String(soon.getSeconds()).padStart(2, '0')}`;
    expect(parseResetTime(`usage limit reached, resets at ${hms}`, NOW)).toBe(NOW + 3000);
    const current = new Date(NOW + 20_000);
    const minute = current.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(parseResetTime(`Try again at ${minute}.`, NOW + 20_000)).toBe(NOW + 60_000);
  });

  it('a time of day that has just passed is behind us, not tomorrow', () => {
    const past = new Date(NOW - 5000);
    const hms = `${past.getHours()}:${String(past.getMinutes()).padStart(2, '0')}:${String(past.getSeconds()).padStart(2, '0')}`;
    expect(parseResetTime(`usage limit reached, resets at ${hms}`, NOW)).toBe(NOW - 5000);
    expect(parseResetTime('resets 7am (UTC)', NOW)).toBe(Date.UTC(2026, 11, 2, 7, 1));
  });

  it('names no time for "later", counts or unrelated numbers', () => {
    expect(parseResetTime("You've hit your usage limit. Try again later.", NOW)).toBeNull();
    expect(parseResetTime('retry 3 times before giving up', NOW)).toBeNull();
    expect(parseResetTime('input_tokens: 4291, output_tokens: 1429', NOW)).toBeNull();
  });

  it('reads spans', () => {
    expect(parseSpan('1h30m')).toBe(5_400_000);
    expect(parseSpan('6m0s')).toBe(360_000);
    expect(parseSpan('20ms')).toBe(20);
    expect(parseSpan('soon')).toBeNull();
  });
});

describe('classifyLimit', () => {
  it('an HTTP 429 with retry-after is a rate limit that lifts then', () => {
    expect(classifyLimit({ httpStatus: 429, headers: { 'retry-after': '2' }, text: '429 {"type":"rate_limit_error"}', now: NOW }))
      .toEqual({ kind: 'rate-limit', resetAt: NOW + 2000, detail: 'HTTP 429, retry-after 2, 429 {"type":"rate_limit_error"}' });
    expect(classifyLimit({ httpStatus: 529, headers: {}, text: 'Overloaded', now: NOW })).toMatchObject({ kind: 'rate-limit', resetAt: null });
    expect(classifyLimit({ httpStatus: 429, headers: { 'retry-after-ms': '1500' }, now: NOW })?.resetAt).toBe(NOW + 1500);
    expect(classifyLimit({ httpStatus: 429, headers: { 'anthropic-ratelimit-requests-reset': '2026-12-01T08:01:00Z' }, now: NOW })?.resetAt).toBe(NOW + 60_000);
  });

  it('other statuses, connection errors and billing problems are failures, not limits', () => {
    expect(classifyLimit({ httpStatus: 500, text: 'rate limited upstream', now: NOW })).toBeNull();
    expect(classifyLimit({ text: 'connect ECONNREFUSED 127.0.0.1:9', now: NOW })).toBeNull();
    expect(classifyLimit({ httpStatus: 429, text: 'You exceeded your current quota, please check your plan and billing details. insufficient_quota', now: NOW })).toBeNull();
    expect(classifyLimit({ text: 'claude reported an error: Credit balance is too low', now: NOW })).toBeNull();
    expect(classifyLimit({ text: 'I fixed the limit check and the tests pass', now: NOW })).toBeNull();
  });

  it('reads CLI messages: usage limits with their reset, rate limits by their status', () => {
    const claude = classifyLimit({ text: "claude reported an error: You've hit your session limit · resets 12:50pm (UTC)", now: NOW });
    expect(claude).toEqual({ kind: 'usage-limit', resetAt: Date.UTC(2026, 11, 1, 12, 51), detail: "claude reported an error: You've hit your session limit · resets 12:50pm (UTC)" });
    expect(classifyLimit({ text: 'codex reported a failed turn; last codex error: exceeded retry limit, last status: 429 Too Many Requests', now: NOW })).toMatchObject({ kind: 'rate-limit', resetAt: null });
    expect(classifyLimit({ text: 'claude reported an error (HTTP 529): API Error: 529 {"type":"overloaded_error"}', now: NOW })?.kind).toBe('rate-limit');
    expect(classifyLimit({ text: "You've hit your usage limit. Try again later.", now: NOW })).toMatchObject({ kind: 'usage-limit', resetAt: null });
  });

  it('a reset already past is kept as it is (the caller backs off)', () => {
    expect(classifyLimit({ httpStatus: 429, headers: { 'retry-after': 'Tue, 01 Dec 2026 07:00:00 GMT' }, now: NOW })?.resetAt).toBe(NOW - 3_600_000);
  });
});

describe('resetFromHeaders and backoffMs', () => {
  it('prefers retry-after, else the latest reset header', () => {
    expect(resetFromHeaders({ 'retry-after': '3', 'x-ratelimit-reset-requests': '10m' }, NOW)).toBe(NOW + 3000);
    expect(resetFromHeaders({ 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s' }, NOW)).toBe(NOW + 360_000);
    expect(resetFromHeaders({ 'anthropic-ratelimit-unified-reset': '1796112000' }, NOW)).toBe(1_796_112_000_000);
    expect(resetFromHeaders({}, NOW)).toBeNull();
  });
  it('doubles per wait, capped', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffMs(n, 60_000, 300_000))).toEqual([60_000, 120_000, 240_000, 300_000, 300_000]);
  });
});
