import { describe, expect, it } from 'vitest';
import { beatsBeyond, crownMargin, effectiveConfirm, noiseSpread, sampleSd } from '../../../src/core/evaluation/noise-margin.js';

const scored = (...scores: number[]) => scores.map((score) => ({ score, metrics: { score } }));

describe('the noise margin', () => {
  it('measures the spread from the baseline\'s scores, or takes the evaluator\'s score_stderr', () => {
    expect(sampleSd([1, 2, 3])).toBe(1);
    expect(noiseSpread(scored(10, 10))).toBeNull();
    expect(noiseSpread(scored(9, 10, 11))).toEqual({ sd: 1, samples: 3, source: 'repeats' });
    expect(noiseSpread([{ score: 10, metrics: { score: 10, score_stderr: 0.4 } }])).toEqual({ sd: 0.4, samples: 1, source: 'evaluator' });
  });

  it('confirms twice by default once swarm measured noise, not when the evaluator reports its own spread', () => {
    expect(effectiveConfirm(0, null)).toBe(0);
    expect(effectiveConfirm(0, { sd: 1, samples: 4, source: 'repeats' })).toBe(2);
    expect(effectiveConfirm(3, { sd: 1, samples: 4, source: 'repeats' })).toBe(3);
    expect(effectiveConfirm(0, { sd: 1, samples: 1, source: 'evaluator' })).toBe(0);
  });

  it('is two standard errors of the difference of the two means', () => {
    expect(crownMargin({ sd: 1, samples: 3 }, { sd: 1, samples: 4 })).toBeCloseTo(2 * Math.sqrt(1 / 3 + 1 / 4), 12);
    expect(beatsBeyond(102, 100, 1.5, 'maximize')).toBe(true);
    expect(beatsBeyond(101, 100, 1.5, 'maximize')).toBe(false);
    expect(beatsBeyond(98, 100, 1.5, 'minimize')).toBe(true);
    expect(beatsBeyond(99, 100, 1.5, 'minimize')).toBe(false);
  });
});
