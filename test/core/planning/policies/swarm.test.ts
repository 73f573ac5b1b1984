import { describe, expect, it } from 'vitest';
import { input, view } from '../../../support/policy-history.js';
import { planSwarm } from '../../../../src/core/planning/policies/swarm.js';

const settings = { initialExplorers: 6, waveSize: 6, leaders: 2, plateauWaves: 2, mergeEvery: 2, niche: null };

describe('swarm policy', () => {
  it('opens with a large population of explorers from the baseline', () => {
    const plan = planSwarm({ ...input([view('a1', null, 1)], 1), settings });
    expect(plan.specs).toHaveLength(6);
    expect(plan.specs.every((s) => s.parents[0] === 'a1' && s.role === 'explorer')).toBe(true);
  });

  it('sends explorers to under-explored families, not only to the leader, and merges leaders of different families', () => {
    const attempts = [
      view('a1', null, 1),
      view('a2', 'a1', 5), view('a3', 'a2', 6, { wave: 2 }), view('a4', 'a3', 6.5, { wave: 3 }),
      view('a5', 'a1', 4),
      view('a6', 'a1', 0.5),
    ];
    const plan = planSwarm({ ...input(attempts, 4), settings });
    const parents = plan.specs.map((s) => s.parents.join('+'));
    expect(parents).toContain('a5');
    expect(parents).toContain('a6');
    expect(plan.specs.find((s) => s.operator === 'merge')?.parents).toEqual(['a4', 'a5']);
    expect(plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0])).toEqual(['a4', 'a5']);
  });

  it('starts fresh explorers from the baseline when every family plateaued, informed by the leaders', () => {
    const attempts = [view('a1', null, 1), view('a2', 'a1', 5), view('a3', 'a1', 4)];
    const plan = planSwarm({ ...input(attempts, 6), settings });
    const fresh = plan.specs.filter((s) => s.parents[0] === 'a1');
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    expect(fresh[0]?.informedBy).toEqual(['a2', 'a3']);
    expect(plan.specs.some((s) => s.operator === 'fan-out')).toBe(true);
  });

  it('gives explorers the ideas already tried across the population', () => {
    const attempts = [view('a1', null, 1), view('a2', 'a1', 5, { hypothesis: 'use a spiral layout' }), view('a3', 'a1', 4, { hypothesis: 'use a hexagonal grid' })];
    const plan = planSwarm({ ...input(attempts, 2), settings });
    const toA3 = plan.specs.find((s) => s.parents[0] === 'a3' && s.role === 'explorer');
    expect(toA3?.context).toContain('Ideas already tried elsewhere in the population');
    expect(toA3?.context).toContain('use a spiral layout');
  });
});
