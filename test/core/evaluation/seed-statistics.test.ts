import { describe, expect, it } from 'vitest';
import { meanInterval, pairedGain, withinNoise } from '../../../src/core/evaluation/seed-statistics.js';

describe('seed statistics', () => {
  it('gives the t interval of a mean (df 4: 2.776)', () => {
    const m = meanInterval([1, 2, 3, 4, 5]);
    expect(m.mean).toBe(3);
    expect(m.high! - 3).toBeCloseTo(2.776 * Math.sqrt(2.5) / Math.sqrt(5), 10);
    expect(meanInterval([7]).low).toBeNull();
  });

  it('pairs scores by seed and signs the gain by direction', () => {
    const final = new Map([[1, 10], [2, 11], [3, 12]]);
    const without = new Map([[1, 8], [2, 9.5], [3, 10.5], [4, 0]]);
    const gain = pairedGain(final, without, 'maximize');
    expect(gain.n).toBe(3);
    expect(gain.mean).toBeCloseTo(5 / 3, 10);
    expect(withinNoise(gain)).toBe(false);
    expect(pairedGain(final, without, 'minimize').mean).toBeCloseTo(-5 / 3, 10);
    expect(withinNoise(pairedGain(new Map([[1, 1], [2, 2]]), new Map([[1, 2], [2, 1]]), 'maximize'))).toBe(true);
  });
});
