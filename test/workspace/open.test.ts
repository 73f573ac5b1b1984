import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SwarmError } from '../../src/core/domain/errors.js';
import { GitWorkspace } from '../../src/workspace/index.js';
import { commitFiles, git, makeRepo, makeTempDir } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

const repo = () => {
  const created = makeRepo();
  cleanups.push(created.cleanup);
  return created;
};

const rejection = async (promise: Promise<unknown>): Promise<SwarmError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SwarmError)) throw new Error(`expected a SwarmError, got ${String(error)}`);
  return error;
};

describe('GitWorkspace.open', () => {
  it('resolves the top level from a subdirectory', async () => {
    const { dir } = repo();
    const workspace = await GitWorkspace.open(path.join(dir, 'data'));
    expect(workspace.root).toBe(dir);
    expect(workspace.swarmDir).toBe(path.join(dir, '.swarm'));
    expect(workspace.worktreesDir).toBe(path.join(dir, '.swarm', 'worktrees'));
  });

  it('resolves the main repository from inside a linked worktree', async () => {
    const { dir } = repo();
    const linked = path.join(dir, '.swarm', 'worktrees', 'a7');
    git(dir, 'worktree', 'add', '--quiet', '-b', 'swarm/r1/a7', linked);
    const workspace = await GitWorkspace.open(path.join(linked, 'data'));
    expect(workspace.root).toBe(dir);
  });

  it('rejects a directory that is not a repository', async () => {
    const plain = makeTempDir();
    cleanups.push(plain.cleanup);
    const error = await rejection(GitWorkspace.open(plain.dir));
    expect(error.code).toBe('NOT_A_GIT_REPO');
    expect(error.message).toContain('git init');
  });

  it('rejects a repository without commits', async () => {
    const plain = makeTempDir();
    cleanups.push(plain.cleanup);
    git(plain.dir, 'init', '--quiet');
    const error = await rejection(GitWorkspace.open(plain.dir));
    expect(error.code).toBe('NOT_A_GIT_REPO');
    expect(error.message).toContain('no commits yet');
  });
});

describe('GitWorkspace queries', () => {
  it('adds .swarm/ to info/exclude exactly once, creating the file if needed', async () => {
    const { dir } = repo();
    const exclude = path.join(dir, '.git', 'info', 'exclude');
    writeFileSync(exclude, '*.log');
    const workspace = await GitWorkspace.open(dir);
    await workspace.ensureExcluded();
    await workspace.ensureExcluded();
    expect(readFileSync(exclude, 'utf8')).toBe('*.log\n.swarm/\n');
  });

  it('reports head, branch, commits and dirtiness ignoring .swarm/', async () => {
    const { dir, baseline } = repo();
    const workspace = await GitWorkspace.open(dir);
    expect(await workspace.headCommit()).toBe(baseline);
    expect(await workspace.currentBranch()).toBe('main');
    expect(await workspace.resolveCommit('main')).toBe(baseline);
    expect(await workspace.resolveCommit('no-such-branch')).toBeNull();
    await expect(workspace.headCommit('no-such-branch')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    mkdirSync(path.join(dir, '.swarm', 'logs'), { recursive: true });
    writeFileSync(path.join(dir, '.swarm', 'logs', 'x.txt'), 'log');
    expect(await workspace.isDirty()).toBe(false);
    writeFileSync(path.join(dir, 'solve.py'), 'print(2)\n');
    expect(await workspace.isDirty()).toBe(true);

    const second = commitFiles(dir, { 'solve.py': 'print(3)\n' });
    git(dir, 'checkout', '--quiet', '--detach', second);
    expect(await workspace.currentBranch()).toBeNull();
    expect(await workspace.showFile(second, 'solve.py')).toBe('print(3)\n');
    expect(await workspace.showFile(baseline, 'missing.py')).toBeNull();
  });
});
