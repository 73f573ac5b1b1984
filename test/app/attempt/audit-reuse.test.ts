import { afterEach, describe, expect, it } from 'vitest';
import { runSearch, status as runStatus } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

// Seed 1 (the official seed) adds 10: a new best is confirmed with seed 2, so its crowned score
// is the mean over both seeds, not its first evaluation.
const SEEDED_EVALUATOR = `const { execFileSync } = require('node:child_process');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value + (process.env.SWARM_SEED === '1' ? 10 : 0) }));
`;
// A command agent that sets the optimum once; as an optimizer it changes nothing.
const AGENT = `sed -i 's/const a = 1.0;/const a = 3.0;/; s/const b = 2.0;/const b = -1.0;/' prog.js
echo "set the constants to the optimum"
`;

describe('reusing the result of byte-identical code', () => {
  it('inherits the twin’s confirmed score, not its single-seed evaluation', async () => {
    const repo = createToyRepo(
      {
        evaluator: { confirm: 1, protect: ['evaluate.js', 'agent.sh'] },
        agent: { backend: 'command', command: { argv: ['sh', '../../../agent.sh'] } },
        budget: { attempts: 3 },
        concurrency: { agents: 1, evaluations: 1 },
        shepherd: { initialExplorers: 1, waveSize: 1 },
      },
      { 'evaluate.js': SEEDED_EVALUATOR, 'agent.sh': AGENT },
    );
    repos.push(repo);
    const run = await runSearch({ cwd: repo.dir });
    expect(run).toMatchObject({ status: 'finished', problem: null });
    const status = await runStatus({ cwd: repo.dir });
    const explorer = status.attempts.find((a) => a.role === 'explorer');
    expect(explorer?.score).toBe(5);
    const reused = status.attempts.filter((a) => a.flags.includes(`reused:${explorer?.id}`));
    expect(reused.length).toBeGreaterThan(0);
    for (const attempt of reused) {
      expect(attempt.flags).toContain('no-change');
      expect(attempt.score).toBe(5);
    }
    expect(status.best?.score).toBe(5);
  }, 60_000);
});
