import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../src/core/domain/duration.js';

describe('parseDuration', () => {
  it.each([
    ['1h30m', 5_400_000],
    ['90s', 90_000],
    ['500ms', 500],
    ['20m', 1_200_000],
    ['2h', 7_200_000],
    ['1.5h', 5_400_000],
    ['1d', 86_400_000],
    ['1m30s', 90_000],
    ['12', 12_000],
    ['0', 0],
    [' 10m ', 600_000],
    [12, 12_000],
    [0.25, 250],
  ] as const)('parses %j as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['abc', '', '10 minutes', '-5s', '5x', 'h', '1h-30m', '1e3s'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects the number %d', (value) => {
    expect(parseDuration(value)).toBeNull();
  });
});
