import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const runJson = z.object({ runId: z.string(), status: z.string(), improved: z.boolean(), seed: z.number(), baseline: z.object({ id: z.string() }), best: z.object({ id: z.string() }).nullable() });

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('swarm run tells the truth about its result and its seed', () => {
  it('a run that never beats its baseline exits 0 but says so in one line, and --json has improved: false', async () => {
    // An evaluator that scores every program the same: nothing can improve on the baseline.
    const repo = createToyRepo({ evaluator: { command: 'node -e "console.log(JSON.stringify({ score: 1 }))"' }, budget: { attempts: 3 } });
    repos.push(repo);
    const plain = await runCli(repo.dir, ['run']);
    expect(plain.code, plain.stderr).toBe(0);
    const said = plain.stdout.split('\n').filter((line) => line.startsWith('no attempt improved'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^no attempt improved on the baseline a\d+; the baseline is still the best \(try more attempts, another agent or a new --seed\)$/);
    const json = await runCli(repo.dir, ['run', '--new', '--json']);
    expect(json.code).toBe(0);
    expect(runJson.parse(JSON.parse(json.stdout)).improved).toBe(false);
  }, 120_000);

  it('a run that beats its baseline says improved: true and prints no such line', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 } });
    repos.push(repo);
    const result = await runCli(repo.dir, ['run', '--json']);
    expect(result.code).toBe(0);
    const parsed = runJson.parse(JSON.parse(result.stdout));
    expect(parsed.improved).toBe(true);
    expect(parsed.best?.id).not.toBe(parsed.baseline.id);
  }, 120_000);

  it('run --new without --seed takes a fresh seed and prints it; --seed repeats one on request', async () => {
    const repo = createToyRepo({ budget: { attempts: 2 }, shepherd: { seed: 7 } });
    repos.push(repo);
    const first = runJson.parse(JSON.parse((await runCli(repo.dir, ['run', '--json'])).stdout));
    expect(first.seed).toBe(7);
    const second = await runCli(repo.dir, ['run', '--new']);
    expect(second.code).toBe(0);
    const fresh = /run r2 started on \w+, seed (\d+) \(fresh: run r1 used 7; --seed 7 repeats it\)/.exec(second.stderr);
    expect(fresh, second.stderr).not.toBeNull();
    expect(Number(fresh?.[1])).not.toBe(7);
    const third = runJson.parse(JSON.parse((await runCli(repo.dir, ['run', '--new', '--json'])).stdout));
    expect([7, Number(fresh?.[1])]).not.toContain(third.seed);
    const repeated = runJson.parse(JSON.parse((await runCli(repo.dir, ['run', '--new', '--seed', '7', '--json'])).stdout));
    expect(repeated.seed).toBe(7);
  }, 180_000);
});
