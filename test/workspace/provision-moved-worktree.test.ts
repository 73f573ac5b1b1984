import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { provisionWorktree, type ProvisionInput } from '../../src/workspace/provision/index.js';
import { addWorktree } from '../../src/workspace/worktrees.js';
import { git, makeRepo, type TempRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A setup whose outputs name the worktree they are made in, as a venv's scripts and an absolute link do. */
const SETUP = ['mkdir -p env && printf "#!/bin/sh\\necho %s\\n" "$PWD" > env/where && chmod +x env/where && ln -s "$PWD/env/where" env/link'];
const SETTINGS: ProvisionInput['settings'] = { include: [], link: [], setup: SETUP, setupTimeoutMs: 60_000, setupKey: [], submodules: true };

const provision = (repo: TempRepo, worktree: string): ReturnType<typeof provisionWorktree> => provisionWorktree({
  root: repo.dir,
  worktree,
  settings: SETTINGS,
  env: { PATH: process.env.PATH ?? '' },
  logDir: join(repo.dir, '.swarm', 'logs', worktree.split('/').pop() ?? 'x'),
  cacheDir: join(repo.dir, '.swarm', 'setup-cache'),
});

const where = (worktree: string): string => execFileSync(join(worktree, 'env/where'), { encoding: 'utf8' }).trim();

describe('a reused worktree moved to another path (a pooled worktree taken by the next attempt)', () => {
  it('keeps its environment, which is made to name the new path (it named the earlier attempt\'s folder)', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n', '.gitignore': 'env/\n' });
    cleanups.push(repo.cleanup);
    const first = join(repo.dir, '.swarm', 'worktrees', 'a1');
    await addWorktree(repo.dir, first, { newBranch: 'b-a1', commit: 'HEAD' });
    const built = await provision(repo, first);
    expect(built.setup).toMatchObject({ ran: true, failure: null, notCached: null });
    expect(where(first)).toBe(first);

    const second = join(repo.dir, '.swarm', 'worktrees', 'a2');
    git(repo.dir, 'worktree', 'move', first, second);
    const reused = await provision(repo, second);
    expect(reused.setup).toMatchObject({ ran: false, reused: true, failure: null });
    expect(reused.refused).toEqual([]);
    expect(where(second)).toBe(second);
    expect(readlinkSync(join(second, 'env/link'))).toBe(join(second, 'env/where'));
    // The cache keeps the original, and provisioning again in place changes nothing.
    expect(readFileSync(join(repo.dir, '.swarm', 'setup-cache', reused.setup.key ?? '', 'files', 'env', 'where'), 'utf8')).toContain(first);
    await provision(repo, second);
    expect(where(second)).toBe(second);
  });
});
