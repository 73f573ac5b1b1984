import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { graph as runGraph, plot, report as runReport, runSearch, status as runStatus } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

// Every attempt's point is fixed by its id, so the front is known in closed form. Maximize score,
// minimize cost, latency <= 5. a5 would be the best by far but breaks the latency bound; a6 is
// dominated by a3; a9 repeats a3's values; the baseline a1 is dominated by a2.
const POINTS: Record<string, { score: number; cost: number; latency: number }> = {
  a2: { score: 2, cost: 4, latency: 1 },
  a3: { score: 3, cost: 6, latency: 1 },
  a4: { score: 1.5, cost: 3, latency: 1 },
  a5: { score: 9, cost: 2, latency: 9 },
  a6: { score: 2.5, cost: 6.5, latency: 1 },
  a7: { score: 5, cost: 8, latency: 1 },
  a8: { score: 0.5, cost: 1, latency: 1 },
  a9: { score: 3, cost: 6, latency: 1 },
};
const FRONT = ['a2', 'a3', 'a4', 'a7', 'a8'];

const AGENT = `const { writeFileSync } = require('node:fs');
const points = ${JSON.stringify(POINTS)};
const id = process.env.SWARM_ATTEMPT_ID;
writeFileSync('point.json', JSON.stringify(points[id] ?? { score: 0.1, cost: 10, latency: 1 }) + '\\n');
console.log('set the point of ' + id);
`;
const EVALUATOR = `const point = JSON.parse(require('node:fs').readFileSync('point.json', 'utf8'));
console.log(JSON.stringify(point));
`;

const twoMetricRepo = (): ToyRepo => {
  const repo = createToyRepo(
    {
      objective: { metric: 'score', direction: 'maximize', metrics: [{ metric: 'cost', direction: 'minimize' }], constraints: [{ metric: 'latency', max: 5 }] },
      evaluator: { protect: ['evaluate.js', 'agent.js'] },
      agent: { backend: 'command', command: { argv: ['node', '../../../agent.js'] } },
      budget: { attempts: 8 },
      concurrency: { agents: 2, evaluations: 2 },
      shepherd: { policy: 'rules', initialExplorers: 2, waveSize: 2 },
    },
    { 'evaluate.js': EVALUATOR, 'agent.js': AGENT, 'point.json': `${JSON.stringify({ score: 1, cost: 5, latency: 1 })}\n` },
  );
  repos.push(repo);
  return repo;
};

describe('several objectives and constraints, end to end', () => {
  it('stores the closed-form front, never crowns the infeasible attempt, and marks the front everywhere', async () => {
    const repo = twoMetricRepo();
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    const status = await runStatus({ cwd: repo.dir });
    expect([...(status.front ?? [])].sort()).toEqual(FRONT);
    // The primary metric still decides the best attempt.
    expect(status.best?.id).toBe('a7');
    const infeasible = status.attempts.find((a) => a.id === 'a5');
    expect(infeasible?.status).toBe('scored');
    expect(infeasible?.score).toBeNull();
    expect(infeasible?.flags).toContain('infeasible:latency<=5');
    expect(infeasible?.reason).toBe('infeasible: latency = 9 violates latency <= 5');
    expect(status.attempts.find((a) => a.id === 'a9')?.flags).toContain('reused:a3');

    // How `swarm status` renders the front: test/cli/render/pareto-front.test.ts.

    const graph = z.object({ front: z.array(z.string()).optional() }).parse(JSON.parse(String((await runGraph({ cwd: repo.dir, format: 'json' })).output)));
    expect(graph.front).toEqual(FRONT);
    const dot = String((await runGraph({ cwd: repo.dir, format: 'dot' })).output);
    for (const id of FRONT) expect(dot).toMatch(new RegExp(`"${id}" \\[[^\\n]*peripheries=2`));
    expect(dot).not.toMatch(/"a6" \[[^\n]*peripheries=2/);

    const svg = String(await plot({ cwd: repo.dir, format: 'svg', axes: { x: 'cost', y: 'score' } }));
    const ringed = [...svg.matchAll(/class="point front" data-attempt="(a\d+)"/g)].map((m) => m[1]);
    expect(ringed.sort()).toEqual(FRONT);
    expect(svg).toContain('a5 · cost 2 · score 9 · infeasible');
    // `swarm plot --x cost` alone is a usage error: test/cli/commands/pareto-front.test.ts.

    const { html } = await runReport({ cwd: repo.dir });
    expect(html).toContain(`Pareto front of the feasible attempts: ${FRONT.join(', ')}`);
    expect((html.match(/data-front="true"/g) ?? []).length).toBe(FRONT.length);
  }, 120_000);
});
