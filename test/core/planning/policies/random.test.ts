import { describe, expect, it } from 'vitest';
import { planRandom } from '../../../../src/core/planning/policies/random.js';
import { input, view } from '../../../support/policy-history.js';

describe('random policy', () => {
  it('puts every attempt on the baseline as an explorer, however good a child is', () => {
    const attempts = [view('a1', null, 1), view('a2', 'a1', 9), view('a3', 'a2', 12)];
    const plan = planRandom({ ...input(attempts, 3, 2), settings: { waveSize: 3 } });
    expect(plan.specs.map((s) => [s.parents, s.role, s.operator])).toEqual([[['a1'], 'explorer', 'explore'], [['a1'], 'explorer', 'explore']]);
  });

  it('plans nothing without a free slot', () => {
    expect(planRandom({ ...input([view('a1', null, 1)], 1, 0), settings: { waveSize: 3 } }).specs).toEqual([]);
  });
});
