import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mountTmpfs } from '../../support/tmpfs.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

/**
 * `swarm doctor` warns when the file system a run writes has less room than the run may need
 * (its log cap, a worktree per agent, the setup cache), naming the folder and the figures.
 */

const WARNING = /warning: the file system of (\S+) has ([\d.]+ (KiB|MiB|GiB)) free, less than a run may need there: (.*) = ([\d.]+ (KiB|MiB|GiB)); free space there/;

const repos: ToyRepo[] = [];
afterAll(() => {
  for (const repo of repos) repo.cleanup();
});

describe('swarm doctor and the free space', () => {
  it('warns when log.maxRunLogBytes is larger than the free space, and not with a cap the disk holds', async () => {
    const big = createToyRepo({ log: { maxRunLogBytes: 2 ** 50 } });
    repos.push(big);
    const out = await runCli(big.dir, ['doctor', '--no-baseline']);
    const line = WARNING.exec(out.stdout);
    expect(line, out.stdout).not.toBeNull();
    expect(line?.[1]).toBe(join(big.dir, '.swarm'));
    expect(line?.[4]).toMatch(/^1048576\.0 GiB of logs \(log\.maxRunLogBytes\)/);
    expect(out.code).toBe(0);
    const small = createToyRepo({ log: { maxRunLogBytes: 1024 * 1024 } });
    repos.push(small);
    expect((await runCli(small.dir, ['doctor', '--no-baseline'])).stdout).not.toMatch(/warning: the file system of/);
  }, 180_000);

  const tmpfs = mountTmpfs('swarm-doctor-space', '8m');
  afterAll(() => tmpfs.unmount());

  it.skipIf(!tmpfs.mounted)('warns on a small tmpfs with the default cap, naming the folder and the figures', async () => {
    const repo = tmpfs.asTmpdir(() => createToyRepo());
    repos.push(repo);
    const out = await runCli(repo.dir, ['doctor', '--no-baseline']);
    const line = WARNING.exec(out.stdout);
    expect(line, out.stdout).not.toBeNull();
    expect(line?.[1]).toBe(join(repo.dir, '.swarm'));
    expect(line?.[4]).toMatch(/^2\.0 GiB of logs \(log\.maxRunLogBytes\) \+ 3 worktrees \(concurrency\.agents and the baseline's\) × ~\d+ KiB \(the tracked files\)$/);
  }, 180_000);
});
