import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { checkout, prune, runSearch, show, status as runStatus } from '../../../src/index.js';
import { thrownBy } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/** The code, the CLI's exit code and the message of what `call` threw. */
const refusal = async (call: Promise<unknown>): Promise<{ code: string; exit: number; message: string }> => {
  const error = await thrownBy(call);
  if (!isSwarmError(error)) throw new Error(`expected a SwarmError, got ${String(error)}`);
  return { code: error.code, exit: exitCodeFor(error), message: error.message };
};

// What `swarm prune` and `swarm show` print of a pruned attempt: test/cli/commands/prune-attempts.test.ts.
describe('prune', () => {
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
    const dry = await prune({ cwd: repo.dir, keep: 'best', dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(dry.kept).toEqual([best]);
    expect(dry.pruned).toHaveLength(ids.length - 1);
    expect(dry.branches).toBe(ids.length - 1);
    expect(dry.logBytes).toBeGreaterThan(0);
    expect(dry.skipped).toEqual([]);
    expect(branches()).toEqual(before);
    for (const id of ids) expect(existsSync(join(repo.dir, '.swarm', 'logs', id))).toBe(true);
  });

  it('keeps exactly what it is told (the best and named attempts), deletes the rest, and says how much it freed', async () => {
    const named = ids.find((id) => id !== best) ?? '';
    const pruned = await prune({ cwd: repo.dir, run: 'r1', keep: `best,${named}`, dryRun: false });
    expect(pruned.kept.sort()).toEqual([best, named].sort());
    expect(pruned.pruned).toHaveLength(ids.length - 2);
    expect(pruned.branches).toBe(ids.length - 2);
    expect(pruned.logBytes).toBeGreaterThan(0);
    expect(branches()).toEqual([`swarm/r1/${best}`, `swarm/r1/${named}`].sort());
    for (const id of ids) expect(existsSync(join(repo.dir, '.swarm', 'logs', id))).toBe(id === best || id === named);
    // The store keeps every attempt: status still lists them all.
    expect((await runStatus({ cwd: repo.dir })).attempts.map((a) => a.id)).toEqual(ids);
    const again = await prune({ cwd: repo.dir, keep: `best,${named}`, dryRun: false });
    expect([again.pruned, again.branches]).toEqual([[], 0]);
    // show and checkout say the attempt was pruned, not that it never committed anything.
    const gone = ids.find((id) => id !== best && id !== named) ?? '';
    const detail = await show({ cwd: repo.dir, attemptId: gone });
    expect(detail.pruned?.keep).toBe(`best,${named}`);
    expect(detail.pruned?.at).toBeGreaterThan(0);
    const refused = await refusal(checkout({ cwd: repo.dir, attemptId: gone }));
    expect([refused.code, refused.exit]).toEqual(['NOT_FOUND', 2]);
    expect(refused.message).toContain(`attempt ${gone} was pruned: swarm prune --keep best,${named} deleted its branch swarm/r1/${gone} and logs`);
    expect(refused.message).not.toContain('before anything was committed');
    expect((await show({ cwd: repo.dir, attemptId: named })).pruned ?? null).toBeNull();
  });

  it('rejects a keep it does not understand, and an unknown run (exit 2)', async () => {
    const bad = await refusal(prune({ cwd: repo.dir, keep: 'most', dryRun: true }));
    expect([bad.code, bad.exit]).toEqual(['USAGE', 2]);
    expect(bad.message).toContain('"most" is not best, top:<N>');
    const unknown = await refusal(prune({ cwd: repo.dir, run: 'r9', keep: 'best', dryRun: true }));
    expect([unknown.code, unknown.exit]).toEqual(['NOT_FOUND', 2]);
    expect(unknown.message).toContain('no run r9 in this repository; known runs: r1');
  });
});
