import { describe, expect, it } from 'vitest';
import { costShareUsd } from '../../../src/core/budget/cost-share.js';

describe('costShareUsd', () => {
  it('divides what is left among the agent slots', () => {
    expect(costShareUsd(5, 1, 4)).toBe(1);
    expect(costShareUsd(5, 7, 2)).toBe(0);
    expect(costShareUsd(5, 0, 0)).toBe(5);
  });
  it('is null without a dollar budget', () => {
    expect(costShareUsd(0, 1, 4)).toBeNull();
  });
});
