import { afterEach, describe, expect, it } from 'vitest';
import { runSearch, status, type StatusReport } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

// A program of 30 lines; an attempt's variant is named by its id. a3 is a2's program with one
// line added and the layout changed: a near-duplicate made on purpose. a4 rewrites the program.
const lines = (k: number): string => Array.from({ length: 30 }, (_, i) => `const v${i} = ${i} * ${k} + Math.sqrt(${i + 1});`).join('\n');
const VARIANTS: Record<string, string> = {
  a2: `${lines(2)}\nmodule.exports = v1 + v2 + v3;\n`,
  a3: `${lines(2).replace(/ = /g, '=')}\nconst spare = 0;\nmodule.exports = v1 + v2 + v3;\n`,
  a4: 'const xs = [5, 3, 8, 1];\nmodule.exports = xs.sort((a, b) => a - b).slice(0, 2).reduce((s, x) => s + x * 10, 0) / 7;\n',
};
const AGENT = `const { writeFileSync } = require('node:fs');
const variants = ${JSON.stringify(VARIANTS)};
const id = process.env.SWARM_ATTEMPT_ID;
writeFileSync('prog.js', variants[id] ?? 'module.exports = ' + id.slice(1) + ';\\n');
console.log('wrote the program of ' + id);
`;
const EVALUATOR = `console.log(JSON.stringify({ score: Number(require('./prog.js')) }));
`;

const novelRepo = (threshold: number | null): ToyRepo => {
  const repo = createToyRepo(
    {
      evaluator: { protect: ['evaluate.js', 'agent.js'] },
      agent: { backend: 'command', command: { argv: ['node', '../../../agent.js'] } },
      budget: { attempts: 4 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { policy: 'random', initialExplorers: 1, waveSize: 1, novelty: { threshold } },
    },
    { 'evaluate.js': EVALUATOR, 'agent.js': AGENT, 'prog.js': 'module.exports = 1;\n' },
  );
  repos.push(repo);
  return repo;
};

const run = async (threshold: number | null): Promise<StatusReport> => {
  const repo = novelRepo(threshold);
  expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
  return status({ cwd: repo.dir });
};

describe('near-duplicates before evaluation', () => {
  it('reuses the nearest program’s result with a flag and spends no evaluation on it; off, it is evaluated', async () => {
    const on = await run(0.9);
    const a2 = on.attempts.find((a) => a.id === 'a2');
    const a3 = on.attempts.find((a) => a.id === 'a3');
    expect(a3?.flags).toContain('near-duplicate:a2');
    expect(a3?.score).toBe(a2?.score);
    expect(on.attempts.find((a) => a.id === 'a4')?.flags.some((f) => f.startsWith('near-duplicate:'))).toBe(false);
    expect(on.best?.id).not.toBe('a3');

    const off = await run(null);
    expect(off.attempts.find((a) => a.id === 'a3')?.flags.some((f) => f.startsWith('near-duplicate:'))).toBe(false);
    // The same four attempts: one evaluator run fewer with the check on.
    expect(off.attempts.filter((a) => a.role !== 'baseline')).toHaveLength(4);
    expect(off.run.evaluationsUsed).toBeGreaterThan(0);
    expect(on.run.evaluationsUsed).toBe((off.run.evaluationsUsed ?? 0) - 1);
  }, 180_000);
});
