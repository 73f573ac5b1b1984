import { describe, expect, it } from 'vitest';
import { planGreedy } from '../../../../src/core/planning/policies/greedy.js';
import { input, view } from '../../../support/policy-history.js';

describe('greedy policy', () => {
  it('starts from the baseline: one optimizer refines it, explorers try a change each on it', () => {
    const plan = planGreedy({ ...input([view('a1', null, 1)], 1), settings: { waveSize: 3 } });
    expect(plan.specs.map((s) => [s.parents, s.role, s.operator])).toEqual([[['a1'], 'optimizer', 'deepen'], [['a1'], 'explorer', 'explore'], [['a1'], 'explorer', 'explore']]);
  });

  it('puts every attempt on the incumbent: one optimizer and explorers that deepen it', () => {
    const attempts = [view('a1', null, 1), view('a2', 'a1', 3), view('a3', 'a1', 5), view('a4', 'a3', 2)];
    const plan = planGreedy({ ...input(attempts, 3), settings: { waveSize: 4 } });
    expect(plan.specs.every((s) => s.parents.length === 1 && s.parents[0] === 'a3')).toBe(true);
    expect(plan.specs.filter((s) => s.role === 'optimizer')).toHaveLength(1);
    expect(plan.specs.filter((s) => s.role === 'explorer' && s.operator === 'deepen')).toHaveLength(3);
  });

  it('does not start a second optimizer on a parent that already has one running', () => {
    const attempts = [view('a1', null, 1), view('a2', 'a1', 3), view('a3', 'a2', null, { role: 'optimizer', status: 'running', score: null })];
    const plan = planGreedy({ ...input(attempts, 3), settings: { waveSize: 2 } });
    expect(plan.specs.map((s) => s.role)).toEqual(['explorer', 'explorer']);
  });
});
