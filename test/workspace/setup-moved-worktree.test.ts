import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { provisionWorktree, type ProvisionInput } from '../../src/workspace/provision/index.js';
import { addWorktree } from '../../src/workspace/worktrees.js';
import { git, makeRepo, type TempRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

// What setup makes names the worktree it ran in, as an editable install's .pth and a venv's console scripts do.
const SETUP = ['mkdir -p env && echo "$SWARM_WORKTREE/src" > env/project.pth'];

const input = (repo: TempRepo, worktree: string): ProvisionInput => ({
  root: repo.dir,
  worktree,
  settings: { include: [], link: [], setup: SETUP, setupTimeoutMs: 60_000, setupKey: ['requirements.txt'], submodules: false },
  env: { PATH: process.env.PATH ?? '' },
  logDir: join(repo.dir, '.swarm', 'logs', worktree.split('/').pop() ?? 'x'),
  cacheDir: join(repo.dir, '.swarm', 'setup-cache'),
});

describe('a provisioned worktree that moved (the pool parks it and hands it to the next attempt)', () => {
  it('has what setup made relocated in place to its new folder, not naming the one it left', async () => {
    const repo = makeRepo({ '.gitignore': 'env/\n', 'requirements.txt': 'a==1\n', 'src/main.py': 'print(1)\n' });
    cleanups.push(repo.cleanup);
    const at = (name: string): string => join(repo.dir, '.swarm', 'worktrees', name);
    await addWorktree(repo.dir, at('doctor'), { newBranch: 'b-doctor', commit: 'HEAD' });
    expect((await provisionWorktree(input(repo, at('doctor')))).setup).toMatchObject({ ran: true });
    await addWorktree(repo.dir, at('a1'), { newBranch: 'b-a1', commit: 'HEAD' });
    expect((await provisionWorktree(input(repo, at('a1')))).setup).toMatchObject({ ran: false, reused: true });
    expect(readFileSync(join(at('a1'), 'env/project.pth'), 'utf8').trim()).toBe(join(at('a1'), 'src'));
    // Provisioned again where it is: kept as it is.
    expect((await provisionWorktree(input(repo, at('a1')))).setup).toMatchObject({ ran: false, reused: true });
    git(repo.dir, 'worktree', 'move', at('a1'), at('a2'));
    const moved = await provisionWorktree(input(repo, at('a2')));
    expect(moved.setup).toMatchObject({ ran: false, reused: true, failure: null });
    expect(moved.refused).toEqual([]);
    expect(readFileSync(join(at('a2'), 'env/project.pth'), 'utf8').trim()).toBe(join(at('a2'), 'src'));
  });
});
