import { describe, expect, it } from 'vitest';
import { planSeed, WAVE_STRIDE } from '../../../src/core/planning/plan-seed.js';
import { deriveSeed } from '../../../src/core/domain/random.js';

describe('planSeed', () => {
  it('counts wave * 1009 + draw for the policies', () => {
    expect(WAVE_STRIDE).toBe(1009);
    expect(planSeed(42, { wave: 3 }, 'policy')).toBe(deriveSeed(42, 3 * 1009));
    expect(planSeed(42, { wave: 3, draw: 5 }, 'policy')).toBe(deriveSeed(42, 3 * 1009 + 5));
  });

  it("keeps the rules policy's first plan of a wave on the wave number alone", () => {
    expect(planSeed(7, { wave: 2 }, 'rules')).toBe(deriveSeed(7, 2));
    expect(planSeed(7, { wave: 2, draw: 0 }, 'rules')).toBe(deriveSeed(7, 2));
    expect(planSeed(7, { wave: 2, draw: 4 }, 'rules')).toBe(deriveSeed(7, 2 * 1009 + 4));
  });

  it('puts the LLM fallback one counter past the llm stream', () => {
    expect(planSeed(1, { wave: 1 }, 'llm-fallback')).toBe(deriveSeed(1, 1010));
    expect(planSeed(1, { wave: 4, draw: 2 }, 'llm-fallback')).toBe(deriveSeed(1, 4 * 1009 + 3));
  });

  it('gives distinct seeds to the waves and draws of one run', () => {
    const seeds = new Set<number>();
    for (let wave = 1; wave <= 20; wave++) for (let draw = 0; draw < 20; draw++) seeds.add(planSeed(5, { wave, draw }, 'policy'));
    expect(seeds.size).toBe(400);
  });

  it('depends on the run seed', () => {
    expect(planSeed(1, { wave: 1 }, 'policy')).not.toBe(planSeed(2, { wave: 1 }, 'policy'));
  });

  it('reproduces known values (a change here changes every seeded run)', () => {
    expect([planSeed(1, { wave: 1 }, 'rules'), planSeed(1, { wave: 1 }, 'policy'), planSeed(1, { wave: 1 }, 'llm-fallback')]).toEqual([3145474598, 970451933, 1127431975]);
  });
});
