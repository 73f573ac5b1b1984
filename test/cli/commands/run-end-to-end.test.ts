import { afterAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterAll(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

/** What `swarm run`, `status` and `show` print of a finished run; the behaviour is in test/app/run/run-end-to-end.test.ts. */
describe('swarm run, status and show print a finished run', () => {
  it('run says the agent on stderr and the result on stdout (exit 0); status names the best; show an explorer', async () => {
    const repo = createToyRepo({ budget: { attempts: 3 } });
    repos.push(repo);
    const run = await runCli(repo.dir, ['run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('agent: local (offline mutator');
    expect(run.stdout).toMatch(/^run r1 finished: attempt budget of 3 reached/m);
    expect(run.stdout).toMatch(/^baseline a1: -13 · best: a\d+ with /m);
    const best = /best: (a\d+) with/.exec(run.stdout)?.[1] ?? '???';
    const human = await runCli(repo.dir, ['status']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(best);
    const shown = await runCli(repo.dir, ['show', 'a2']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('a2');
    expect(shown.stdout).toMatch(/explorer/);
  }, 120_000);
});
