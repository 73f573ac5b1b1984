import { describe, expect, it } from 'vitest';
import { planGreedy } from '../../../../src/core/planning/policies/greedy.js';
import { planRandom } from '../../../../src/core/planning/policies/random.js';
import { planSwarm } from '../../../../src/core/planning/policies/swarm.js';
import { withSharedSeeds } from '../../../../src/core/planning/policies/shared-seeds.js';
import { input, view } from '../../../support/policy-history.js';

const settings = { waveSize: 3, initialExplorers: 3, leaders: 2, plateauWaves: 2, mergeEvery: 3, niche: null };

describe('shared attempt seeds', () => {
  it('give the k-th attempt of a run the same seed under every policy, whatever each policy drew', () => {
    const start = [view('a1', null, 1)];
    const greedy = withSharedSeeds(planGreedy({ ...input(start, 1, 3, 7), settings }).specs, start, 7);
    const random = withSharedSeeds(planRandom({ ...input(start, 1, 3, 99), settings }).specs, start, 7);
    const swarm = withSharedSeeds(planSwarm({ ...input(start, 1, 3, 5), settings }).specs, start, 7);
    expect(random.map((s) => s.seed)).toEqual(greedy.map((s) => s.seed));
    expect(swarm.map((s) => s.seed)).toEqual(greedy.map((s) => s.seed));
    expect(new Set(greedy.map((s) => s.seed)).size).toBe(3);
  });

  it('number attempts after those already planned, and differ between run seeds', () => {
    const later = [view('a1', null, 1), view('a2', 'a1', 2), view('a3', 'a1', 3)];
    const first = withSharedSeeds(planRandom({ ...input([view('a1', null, 1)], 1, 3), settings }).specs, [view('a1', null, 1)], 7);
    const next = withSharedSeeds(planRandom({ ...input(later, 2, 1), settings }).specs, later, 7);
    expect(next[0]?.seed).toBe(first[2]?.seed);
    const other = withSharedSeeds(planRandom({ ...input(later, 2, 1), settings }).specs, later, 8);
    expect(other[0]?.seed).not.toBe(next[0]?.seed);
  });
});
