import { describe, expect, it } from 'vitest';
import { parkVerdict } from '../../../src/core/limits/park-verdict.js';

const limits = { maxParks: 3, maxWaitMs: 6 * 3_600_000 };
const state = { parks: 0, waitedMs: 0, nextWaitMs: 60_000, kind: 'rate-limit' as const, detail: 'HTTP 429, retry-after 1' };

describe('parkVerdict', () => {
  it('parks while under both limits', () => {
    expect(parkVerdict(state, limits)).toBeNull();
    expect(parkVerdict({ ...state, parks: 2, waitedMs: 5 * 3_600_000 }, limits)).toBeNull();
  });
  it('ends the attempt past agent.limits.maxParks, with the limit\'s own words', () => {
    const reason = parkVerdict({ ...state, parks: 3 }, limits);
    expect(reason).toContain('rate limit still in effect after 3 wait(s) of this attempt (agent.limits.maxParks = 3): HTTP 429, retry-after 1');
  });
  it('ends it when the next wait would pass agent.limits.maxWait', () => {
    const reason = parkVerdict({ ...state, kind: 'usage-limit', parks: 1, waitedMs: 3_600_000, nextWaitMs: 5.5 * 3_600_000 }, limits);
    expect(reason).toContain('usage limit still in effect');
    expect(reason).toContain('to 6.5 h, past agent.limits.maxWait (6 h)');
  });
  it('maxParks 0 never parks', () => {
    expect(parkVerdict(state, { ...limits, maxParks: 0 })).not.toBeNull();
  });
});
