import { describe, expect, it } from 'vitest';
import { claudeLimit } from '../../../src/agents/claude-code/claude-limit.js';

const NOW = Date.UTC(2026, 11, 1, 8, 0, 0);
const lines = (...events: unknown[]): string => events.map((e) => JSON.stringify(e)).join('\n');
const init = { type: 'system', subtype: 'init', session_id: 's1' };
const retry = (status: number | null) => ({ type: 'system', subtype: 'api_retry', attempt: 1, max_retries: 10, retry_delay_ms: 500, error_status: status, error: 'rate_limit', session_id: 's1' });

describe('claudeLimit', () => {
  it('a result with api_error_status 429 after api_retry events is a rate limit with no reset named', () => {
    const stdout = lines(init, retry(429), retry(429), {
      type: 'result', subtype: 'success', is_error: true, api_error_status: 429, session_id: 's1',
      result: 'API Error: 429 {"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed your account\'s rate limit."}}',
    });
    expect(claudeLimit(stdout, NOW)).toMatchObject({ kind: 'rate-limit', resetAt: null });
  });

  it('a 529 overloaded result is a rate limit', () => {
    const stdout = lines(init, retry(529), { type: 'result', subtype: 'success', is_error: true, api_error_status: 529, result: 'API Error: 529 Overloaded' });
    expect(claudeLimit(stdout, NOW)?.kind).toBe('rate-limit');
  });

  it('a subscription limit: the rejected rate_limit_event names the reset exactly', () => {
    const resetsAt = NOW / 1000 + 3600;
    const stdout = lines(
      init,
      { type: 'rate_limit_event', rate_limit_info: { status: 'rejected', resetsAt, rateLimitType: 'five_hour', isUsingOverage: false }, session_id: 's1' },
      { type: 'result', subtype: 'success', is_error: true, result: "You've hit your session limit · resets 9am (UTC)", session_id: 's1' },
    );
    expect(claudeLimit(stdout, NOW)).toEqual({ kind: 'usage-limit', resetAt: resetsAt * 1000, detail: "You've hit your session limit · resets 9am (UTC)" });
  });

  it('the message alone still names its reset', () => {
    const stdout = lines(init, { type: 'result', subtype: 'success', is_error: true, result: "You've hit your limit · resets 10:30am (UTC)" });
    expect(claudeLimit(stdout, NOW)?.resetAt).toBe(Date.UTC(2026, 11, 1, 10, 31));
  });

  it('no limit: a success, an HTTP 500, a login problem, an allowed rate_limit_event', () => {
    expect(claudeLimit(lines(init, { type: 'result', subtype: 'success', is_error: false, result: 'done' }), NOW)).toBeNull();
    expect(claudeLimit(lines(init, retry(500), { type: 'result', subtype: 'success', is_error: true, api_error_status: 500, result: 'API Error: 500' }), NOW)).toBeNull();
    expect(claudeLimit(lines(init, { type: 'result', subtype: 'success', is_error: true, result: 'Not logged in · Please run /login' }), NOW)).toBeNull();
    const allowed = { type: 'rate_limit_event', rate_limit_info: { status: 'allowed_warning', resetsAt: NOW / 1000 + 60 } };
    expect(claudeLimit(lines(init, allowed, { type: 'result', subtype: 'success', is_error: true, result: 'Not logged in' }), NOW)).toBeNull();
  });
});
