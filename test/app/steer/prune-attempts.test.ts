import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runSearch, status as runStatus } from '../../../src/index.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const statusSchema = z.object({
  best: z.object({ id: z.string() }).nullable(),
  attempts: z.array(z.object({ id: z.string(), score: z.number().nullable(), status: z.string() })),
});
const pruneSchema = z.object({ dryRun: z.boolean(), kept: z.array(z.string()), pruned: z.array(z.string()), branches: z.number(), logBytes: z.number() });

describe('swarm prune', () => {
  let repo: ToyRepo;
  let ids: string[] = [];
  let best = '';
  const branches = (): string[] => repo.git('for-each-ref', '--format=%(refname:short)', 'refs/heads/swarm/').split('\n').filter((l) => l !== '').sort();

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 5 } });
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    const status = await runStatus({ cwd: repo.dir });
    ids = status.attempts.map((a) => a.id);
    best = status.best?.id ?? '';
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('a dry run says what it would free and deletes nothing', async () => {
    const before = branches();
    expect(before).toHaveLength(ids.length);
    const dry = pruneSchema.parse(JSON.parse((await runCli(repo.dir, ['prune', '--dry-run', '--json'])).stdout));
    expect(dry.kept).toEqual([best]);
    expect(dry.pruned).toHaveLength(ids.length - 1);
    expect(dry.branches).toBe(ids.length - 1);
    expect(dry.logBytes).toBeGreaterThan(0);
    expect(branches()).toEqual(before);
    for (const id of ids) expect(existsSync(join(repo.dir, '.swarm', 'logs', id))).toBe(true);
  });

  it('keeps exactly what it is told (the best and named attempts), deletes the rest, and says how much it freed', async () => {
    const named = ids.find((id) => id !== best) ?? '';
    const pruned = await runCli(repo.dir, ['prune', '--run', 'r1', '--keep', `best,${named}`]);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(new RegExp(`deleted ${ids.length - 2} branches and [\\d.]+ (B|KiB|MiB) of logs of ${ids.length - 2} attempts`));
    expect(branches()).toEqual([`swarm/r1/${best}`, `swarm/r1/${named}`].sort());
    for (const id of ids) expect(existsSync(join(repo.dir, '.swarm', 'logs', id))).toBe(id === best || id === named);
    // The store keeps every attempt: status still lists them all.
    const status = statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout));
    expect(status.attempts.map((a) => a.id)).toEqual(ids);
    const again = pruneSchema.parse(JSON.parse((await runCli(repo.dir, ['prune', '--keep', `best,${named}`, '--json'])).stdout));
    expect(again.pruned).toEqual([]);
    // show and checkout say the attempt was pruned, not that it never committed anything.
    const gone = ids.find((id) => id !== best && id !== named) ?? '';
    const show = await runCli(repo.dir, ['show', gone]);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(new RegExp(`branch\\s+swarm/r1/${gone} — pruned \\(deleted by swarm prune --keep best,${named} at `));
    expect(show.stdout).toMatch(/logs\s+\S+ — pruned \(deleted\)/);
    expect(z.object({ pruned: z.object({ keep: z.string() }) }).parse(JSON.parse((await runCli(repo.dir, ['show', gone, '--json'])).stdout)).pruned.keep).toBe(`best,${named}`);
    const checkout = await runCli(repo.dir, ['checkout', gone]);
    expect(checkout.code).toBe(2);
    expect(checkout.stderr).toContain(`attempt ${gone} was pruned: swarm prune --keep best,${named} deleted its branch swarm/r1/${gone} and logs`);
    expect(checkout.stderr).not.toContain('before anything was committed');
    const kept = await runCli(repo.dir, ['show', named]);
    expect(kept.stdout).not.toContain('pruned');
  });

  it('rejects a keep it does not understand with exit 2', async () => {
    const bad = await runCli(repo.dir, ['prune', '--keep', 'most']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"most" is not best, top:<N>');
  });
});
