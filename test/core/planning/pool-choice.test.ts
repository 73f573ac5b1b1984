import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/domain/random.js';
import { banditIndices, chooseByBandit, chooseByWeight, choosePoolEntry, eligibleEntries, outcomeRewards, type PoolCandidate, type PoolOutcome } from '../../../src/core/planning/pool-choice.js';

const entry = (name: string, weight = 1, roles: PoolCandidate['roles'] = ['explorer', 'optimizer']): PoolCandidate => ({ name, weight, roles });
const A = entry('a');
const B = entry('b');
const C = entry('c', 1, ['explorer']);

describe('pool choice', () => {
  it('keeps entries of the role, and skips excluded ones unless none would remain', () => {
    expect(eligibleEntries([A, B, C], 'optimizer').map((e) => e.name)).toEqual(['a', 'b']);
    expect(eligibleEntries([A, B, C], 'explorer', new Set(['a'])).map((e) => e.name)).toEqual(['b', 'c']);
    expect(eligibleEntries([A, C], 'optimizer', new Set(['a'])).map((e) => e.name)).toEqual(['a']);
  });

  it('draws by weight, reproducibly for a seed', () => {
    const entries = [entry('heavy', 3), entry('light', 1), entry('never', 0)];
    const draws = (seed: number): string[] => {
      const rng = createRng(seed);
      return Array.from({ length: 400 }, () => chooseByWeight(entries, rng)?.name ?? '');
    };
    const first = draws(5);
    expect(draws(5)).toEqual(first);
    const heavy = first.filter((n) => n === 'heavy').length;
    expect(heavy).toBeGreaterThan(250);
    expect(heavy).toBeLessThan(350);
    expect(first).not.toContain('never');
  });

  it('tries every entry once, in order, before it exploits', () => {
    expect(chooseByBandit([A, B], [])?.name).toBe('a');
    expect(chooseByBandit([A, B], [{ entry: 'a', improvement: 0, costUsd: 0 }])?.name).toBe('b');
    expect(chooseByBandit([A, B], [{ entry: 'a', improvement: 0, costUsd: 0, pending: true }])?.name).toBe('b');
  });

  it('prefers the entry that improves, and a pending attempt spreads a wave', () => {
    const history: PoolOutcome[] = [
      { entry: 'a', improvement: 0, costUsd: 0 },
      { entry: 'b', improvement: 1, costUsd: 0 },
      { entry: 'a', improvement: 0, costUsd: 0 },
      { entry: 'b', improvement: 1.2, costUsd: 0 },
    ];
    expect(chooseByBandit([A, B], history)?.name).toBe('b');
    const indices = banditIndices([A, B], history);
    expect(indices.get('b')).toBeGreaterThan(indices.get('a') ?? Infinity);
    const busy = [...history, ...Array.from({ length: 6 }, () => ({ entry: 'b', improvement: 0, costUsd: 0, pending: true }))];
    expect(banditIndices([A, B], busy).get('b')).toBeLessThan(indices.get('b') ?? 0);
  });

  it('charges spending entries per mean priced attempt and free ones per attempt', () => {
    // Same improvement: the priced entry spent twice its mean on the second attempt.
    const rewards = outcomeRewards([
      { entry: 'free', improvement: 1, costUsd: 0 },
      { entry: 'paid', improvement: 1, costUsd: 0.01 },
      { entry: 'paid', improvement: 1, costUsd: 0.03 },
    ]);
    expect(rewards[0]).toBeCloseTo(1);
    expect(rewards[1]).toBeCloseTo(2);
    expect(rewards[2]).toBeCloseTo(2 / 3);
  });

  it('counts a rare large jump like a typical improvement (median scale)', () => {
    const rewards = outcomeRewards([
      { entry: 'a', improvement: 100, costUsd: 0 },
      { entry: 'b', improvement: 0.4, costUsd: 0 },
      { entry: 'b', improvement: 0.4, costUsd: 0 },
    ]);
    expect(rewards).toEqual([1, 1, 1]);
  });

  it('discounts old outcomes: an entry that stopped improving loses its lead', () => {
    const old: PoolOutcome[] = Array.from({ length: 30 }, (_, i) => ({ entry: i < 15 ? 'a' : 'b', improvement: i < 15 ? 1 : 0, costUsd: 0 }));
    const recent: PoolOutcome[] = [...Array.from({ length: 15 }, () => ({ entry: 'a', improvement: 1, costUsd: 0 })), ...Array.from({ length: 40 }, (_, i) => ({ entry: i % 2 === 0 ? 'a' : 'b', improvement: i % 2 === 0 ? 0 : 1, costUsd: 0 }))];
    expect(chooseByBandit([A, B], old)?.name).toBe('a');
    expect(chooseByBandit([A, B], recent)?.name).toBe('b');
  });

  it('choosePoolEntry follows the policy and the role', () => {
    const rng = createRng(1);
    expect(choosePoolEntry({ entries: [A, C], role: 'optimizer', policy: 'weight', outcomes: [], rng })?.name).toBe('a');
    expect(choosePoolEntry({ entries: [A, C], role: 'explorer', policy: 'bandit', outcomes: [{ entry: 'a', improvement: 0, costUsd: 0 }], rng })?.name).toBe('c');
  });
});
