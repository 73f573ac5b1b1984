import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const runJson = z.object({ runId: z.string(), status: z.string(), improved: z.boolean(), seed: z.number(), baseline: z.object({ id: z.string() }), best: z.object({ id: z.string() }).nullable() });

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

/** What `swarm run` prints about a result; the behaviour is in test/app/run/run-truth-e2e.test.ts. */
describe('swarm run prints the truth about its result', () => {
  it('a run that never beats its baseline exits 0 but says so in one line, and --json has improved: false', async () => {
    const repo = createToyRepo({ evaluator: { command: 'node -e "console.log(JSON.stringify({ score: 1 }))"' }, budget: { attempts: 2 } });
    repos.push(repo);
    const plain = await runCli(repo.dir, ['run']);
    expect(plain.code, plain.stderr).toBe(0);
    const said = plain.stdout.split('\n').filter((line) => line.startsWith('no attempt improved'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^no attempt improved on the baseline a\d+; the baseline is still the best \(try more attempts, another agent or a new --seed\)$/);
    const json = await runCli(repo.dir, ['run', '--new', '--json']);
    expect(json.code).toBe(0);
    expect(runJson.parse(JSON.parse(json.stdout))).toMatchObject({ runId: 'r2', improved: false });
  }, 120_000);
});
