import { describe, expect, it } from 'vitest';
import { type BenchRun, goalVerdict, renderTables, summarizeGroup } from '../../bench/policies/report.mjs';

const run = (policy: string, seed: number, best: number, evaluationsToSuccess: number | null = null): BenchRun => ({
  task: 'k-module', policy, seed, best, success: evaluationsToSuccess !== null, evaluationsToSuccess, attemptsToSuccess: evaluationsToSuccess === null ? null : Math.ceil(evaluationsToSuccess / 3),
  evaluations: 100, attempts: 40, agentSeconds: 50, lineagesAlive: 1,
});
const K_MODULE = { name: 'k-module', evaluations: 100, success: 1, goal: { solve: { solved: 9 } } };
const seeds = (from: number) => Array.from({ length: 10 }, (_, i) => from + i);

describe('policy benchmark report', () => {
  it('prints tuning and held-out seeds as separate tables, each with its own evaluations-to-success', () => {
    const runs = [
      ...seeds(1).map((s) => run('greedy', s, s <= 3 ? 1 : 0.75, s <= 3 ? 30 : null)),
      ...seeds(11).map((s) => run('greedy', s, 1, 40 + s)),
      ...seeds(1).map((s) => run('evolve', s, s <= 5 ? 1 : 0.75, s <= 5 ? 30 : null)),
      ...seeds(11).map((s) => run('evolve', s, s === 20 ? 0.75 : 1, s === 20 ? null : 30)),
    ];
    const text = renderTables([K_MODULE], runs, ['greedy', 'evolve']);
    const [tuning = '', heldOut = ''] = text.split('**k-module, held-out');
    expect(tuning).toMatch(/^\*\*k-module, tuning seeds 1–10\*\*: seeds 1, 2, 3, 4, 5, 6, 7, 8, 9, 10/);
    expect(tuning).toMatch(/\| `greedy` \| 0\.750 \[0\.750, 1\] \| — \| 3\/10 \| >100 \|/);
    expect(tuning).toContain('not met; solved `greedy` 3/10, `evolve` 5/10 (tuning seeds: not a claim)');
    expect(heldOut).toMatch(/\| `greedy` \| 1 \[1, 1\] \| — \| 10\/10 \| 55\.5 \|/);
    expect(heldOut).toContain('goal (a search policy solves >= 9 of 10 seeds; greedy and random for comparison): met by `evolve`; solved `greedy` 10/10, `evolve` 9/10\n');
  });

  it('the beat-greedy goal needs paired wins and reach together, and greedy mostly trapped', () => {
    const goal = { beatGreedy: { wins: 7, reach: 8, greedyAtMost: 3 } };
    const deceptive = (policy: string, best: (seed: number) => number): BenchRun[] =>
      seeds(11).map((s) => ({ ...run(policy, s, best(s), best(s) > 0.7 ? 20 : null), task: 'deceptive' }));
    const greedy = deceptive('greedy', (s) => (s === 11 ? 0.9 : 0.65));
    const swarm = deceptive('swarm', (s) => (s <= 12 ? 0.6 : 0.95));
    const rows = summarizeGroup([...greedy, ...swarm], ['greedy', 'swarm']);
    expect(rows[1]?.vsGreedy).toEqual({ wins: 8, ties: 0, losses: 2 });
    expect(goalVerdict(goal, rows)).toMatch(/: met by `swarm`; greedy 1\/10 reached; `swarm` 8 wins, 8\/10 reached$/);
    const fewer = summarizeGroup([...greedy, ...swarm.map((r) => (r.seed === 13 ? { ...r, best: 0.6, success: false } : r))], ['greedy', 'swarm']);
    expect(goalVerdict(goal, fewer)).toMatch(/: not met; .* `swarm` 7 wins, 7\/10 reached$/);
  });

  it('random and greedy arms are comparisons, not the policy that meets the solve goal', () => {
    const rows = summarizeGroup([...seeds(11).map((s) => run('random', s, 1, 50)), ...seeds(11).map((s) => run('greedy', s, 1, 40)), ...seeds(11).map((s) => run('swarm', s, 0.75))], ['greedy', 'random', 'swarm']);
    expect(goalVerdict(K_MODULE.goal, rows)).toBe('goal (a search policy solves >= 9 of 10 seeds; greedy and random for comparison): not met; solved `greedy` 10/10, `random` 10/10, `swarm` 0/10');
  });
});
