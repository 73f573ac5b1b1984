import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runSearch, status } from '../../../src/index.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// What `swarm prune` parses and prints, and `swarm show` of a pruned attempt; what it deletes is test/app/steer/prune-attempts.test.ts.
describe('swarm prune on the command line', () => {
  let repo: ToyRepo;
  let ids: string[] = [];
  let best = '';

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 3 } });
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    const report = await status({ cwd: repo.dir });
    ids = report.attempts.map((a) => a.id);
    best = report.best?.id ?? '';
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('--dry-run --json prints the result; prune prints what it freed; show marks the pruned branch and logs', async () => {
    const dry = z.object({ dryRun: z.boolean(), kept: z.array(z.string()), pruned: z.array(z.string()), branches: z.number(), logBytes: z.number() }).parse(JSON.parse((await runCli(repo.dir, ['prune', '--dry-run', '--json'])).stdout));
    expect([dry.dryRun, dry.kept, dry.branches]).toEqual([true, [best], ids.length - 1]);
    const named = ids.find((id) => id !== best) ?? '';
    const pruned = await runCli(repo.dir, ['prune', '--run', 'r1', '--keep', `best,${named}`]);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(new RegExp(`^deleted ${ids.length - 2} branch(es)? and [\\d.]+ (B|KiB|MiB) of logs of ${ids.length - 2} attempts; kept `));
    const gone = ids.find((id) => id !== best && id !== named) ?? '';
    const show = await runCli(repo.dir, ['show', gone]);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(new RegExp(`branch\\s+swarm/r1/${gone} — pruned \\(deleted by swarm prune --keep best,${named} at `));
    expect(show.stdout).toMatch(/logs\s+\S+ — pruned \(deleted\)/);
    expect(z.object({ pruned: z.object({ keep: z.string() }) }).parse(JSON.parse((await runCli(repo.dir, ['show', gone, '--json'])).stdout)).pruned.keep).toBe(`best,${named}`);
    expect((await runCli(repo.dir, ['show', named])).stdout).not.toContain('pruned');
    const checkout = await runCli(repo.dir, ['checkout', gone]);
    expect(checkout.code).toBe(2);
    expect(checkout.stderr).toContain(`swarm: attempt ${gone} was pruned`);
  });

  it('rejects a keep it does not understand with exit 2', async () => {
    const bad = await runCli(repo.dir, ['prune', '--keep', 'most']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"most" is not best, top:<N>');
  });
});
