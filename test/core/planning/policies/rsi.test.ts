import { describe, expect, it } from 'vitest';
import { input, view } from '../../../support/policy-history.js';
import { planRsi } from '../../../../src/core/planning/policies/rsi.js';
import { discountedUcb } from '../../../../src/core/planning/policies/rsi-bandit.js';
import { crossoverDonors } from '../../../../src/core/planning/policies/rsi-needs.js';

const settings = { initialExplorers: 4, waveSize: 4, discount: 0.9, beta: 0.5, gamma: 0.5, k: 4, niche: null };

describe('discounted UCB', () => {
  it('prefers the arm whose recent outcomes improved, and forgets old successes', () => {
    const recentP = discountedUcb([{ arm: 'H', reward: 1 }, { arm: 'H', reward: 0 }, { arm: 'P', reward: 0.5 }, { arm: 'P', reward: 0.5 }], 0.9, 0);
    expect(recentP.P.index).toBeGreaterThan(recentP.H.index);
    const history = [...Array(20).fill({ arm: 'H', reward: 1 }), ...Array(20).fill({ arm: 'H', reward: 0 })];
    expect(discountedUcb(history, 0.5, 0).H.mean).toBeLessThan(0.01);
    expect(discountedUcb(history, 1, 0).H.mean).toBeCloseTo(0.5);
    expect(discountedUcb([{ arm: 'H', reward: 0 }], 0.9, 1).P.index).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('rsi policy', () => {
  it('repairs an invalid program, rebases a retained hypothesis onto a new incumbent', () => {
    const attempts = [
      view('a1', null, 1),
      view('a2', 'a1', 5, { hypothesis: 'cache the distances' }),
      view('a3', 'a1', 3, { hypothesis: 'sort the rows first' }),
      view('a4', 'a2', 8, { operator: 'deepen', role: 'optimizer', wave: 2 }),
      view('a5', 'a2', null, { operator: 'fan-out', wave: 2 }),
    ];
    const plan = planRsi({ ...input(attempts, 3), settings: { ...settings, gamma: 5 } });
    const rebase = plan.specs.find((s) => s.operator === 'rebase');
    expect(rebase?.parents).toEqual(['a4']);
    expect(rebase?.informedBy).toEqual(['a3']);
    expect(rebase?.context).toContain('sort the rows first');
    const repair = plan.specs.find((s) => s.operator === 'repair');
    expect(repair?.parents).toEqual(['a5']);
    expect(plan.rationale).toMatch(/[HP] \(index/);
  });

  it('withholds credit from flagged attempts: no rebase of an output-unchanged hypothesis', () => {
    const attempts = [
      view('a1', null, 1), view('a2', 'a1', 5), view('a3', 'a1', 3, { flags: ['output-unchanged'] }),
      view('a4', 'a2', 8, { operator: 'deepen', role: 'optimizer' }),
    ];
    const plan = planRsi({ ...input(attempts, 3), settings: { ...settings, gamma: 5 } });
    expect(plan.specs.some((s) => s.operator === 'rebase')).toBe(false);
  });

  it('crosses over per instance: the donor winning each instance is named and the merge has every donor as parent', () => {
    const attempts = [
      view('a1', null, 1, { instances: { x: 1, y: 1 } }),
      view('a2', 'a1', 5, { instances: { x: 9, y: 1 } }),
      view('a3', 'a2', 6, { instances: { x: 2, y: 10 }, operator: 'fan-out', wave: 2 }),
    ];
    const { donors, assignment } = crossoverDonors(attempts.slice(1), 'maximize');
    expect(donors.map((d) => d.id).sort()).toEqual(['a2', 'a3']);
    expect(assignment.map((a) => [a.instance, a.donor.id])).toEqual([['x', 'a2'], ['y', 'a3']]);
    const plan = planRsi({ ...input(attempts, 3), settings: { ...settings, gamma: 5, beta: 0 } });
    const merge = plan.specs.find((s) => s.operator === 'merge');
    expect(merge?.parents.slice().sort()).toEqual(['a2', 'a3']);
    expect(merge?.context).toContain('instance x: take the components of a2');
  });
});

describe('rsi refinements and repairs', () => {
  it('refines the best free program of the frontier, not a weak lineage', () => {
    const attempts = [
      view('a1', null, 1),
      view('a2', 'a1', 5), view('a3', 'a1', 2), view('a4', 'a1', 1.5),
      view('a5', 'a2', 6, { wave: 2, operator: 'fan-out' }),
      view('a6', 'a3', 4, { wave: 2, operator: 'fan-out' }),
    ];
    const plan = planRsi({ ...input(attempts, 3), settings: { ...settings, waveSize: 3, gamma: 0 } });
    expect(plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0])[0]).toBe('a5');
  });

  it('reads recency in plan order, so the order in which a wave\'s evaluations finished changes nothing', () => {
    const attempts = [
      view('a1', null, 1), view('a2', 'a1', 5), view('a3', 'a1', 2), view('a4', 'a1', null),
      view('a5', 'a2', 9, { wave: 2, role: 'optimizer', operator: 'deepen' }), view('a6', 'a3', 1, { wave: 2, operator: 'fan-out' }),
      view('a7', 'a2', null, { wave: 2, operator: 'fan-out' }),
    ];
    const reversed = attempts.map((a, i) => ({ ...a, finishedAt: 100 - i }));
    const plan = (history: typeof attempts) => planRsi({ ...input(history, 3), settings: { ...settings, discount: 0.5 } }).specs.map((s) => `${s.role} ${s.operator} ${s.parents.join('+')}`);
    expect(plan(reversed)).toEqual(plan(attempts));
  });

  it('does not repair a failed repair or an invalid copy of another attempt', () => {
    const attempts = [
      view('a1', null, 1), view('a2', 'a1', 5),
      view('a3', 'a2', null, { wave: 2, operator: 'fan-out' }),
      view('a4', 'a3', null, { wave: 3, role: 'optimizer', operator: 'repair' }),
      view('a5', 'a2', null, { wave: 3, operator: 'fan-out', flags: ['reused:a3'] }),
    ];
    const plan = planRsi({ ...input(attempts, 4), settings: { ...settings, gamma: 5 } });
    expect(plan.specs.filter((s) => s.operator === 'repair')).toEqual([]);
  });

  it('without a behavior descriptor keeps only the best k programs on the frontier: weak lineages get no attempt', () => {
    const attempts = [
      view('a1', null, 1),
      view('a2', 'a1', 5), view('a3', 'a1', 4), view('a4', 'a1', 1.5), view('a5', 'a1', 1.2),
      view('a6', 'a2', 6, { wave: 2, operator: 'fan-out' }),
    ];
    const plan = planRsi({ ...input(attempts, 3), settings: { ...settings, k: 2, waveSize: 6, gamma: 0 } });
    const parents = plan.specs.flatMap((s) => s.parents);
    expect(parents).not.toContain('a4');
    expect(parents).not.toContain('a5');
    const described = planRsi({ ...input(attempts.map((a) => ({ ...a, metrics: { design: a.id === 'a5' ? 2 : 1 } })), 3), settings: { ...settings, k: 2, waveSize: 6, gamma: 0, niche: 'design' } });
    expect(described.specs.flatMap((s) => s.parents)).toContain('a5');
  });
});
