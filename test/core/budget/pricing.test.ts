import { describe, expect, it } from 'vitest';
import { addUsage, costOf } from '../../../src/core/budget/pricing.js';

describe('costOf', () => {
  it('prices fresh, cached and output tokens per million', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 0 }, { input: 3, output: 15 })).toBeCloseTo(3);
    expect(costOf({ inputTokens: 2_000_000, outputTokens: 1_000_000, cachedInputTokens: 1_000_000 }, { input: 3, output: 15, cachedInput: 0.3 })).toBeCloseTo(3 + 0.3 + 15);
    expect(costOf({ inputTokens: 100, outputTokens: 100 }, undefined)).toBe(0);
  });
  it('adds usages', () => {
    expect(addUsage({ inputTokens: 1, outputTokens: 2, costUsd: 0.5 }, { inputTokens: 3, outputTokens: 4, costUsd: 0.25 })).toEqual({ inputTokens: 4, outputTokens: 6, costUsd: 0.75 });
  });
});
