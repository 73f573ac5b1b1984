import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/index.js';
import { git, makeRepo, makeTempDir } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

const open = async () => {
  const repo = makeRepo();
  cleanups.push(repo.cleanup);
  const workspace = await GitWorkspace.open(repo.dir);
  const prepare = async (id: string) => {
    const worktreePath = path.join(workspace.worktreesDir, id);
    await workspace.prepareAttempt({
      branch: `swarm/r1/${id}`,
      worktreePath,
      parents: [{ commit: repo.baseline, label: 'baseline' }],
      message: `prepare ${id}`,
      trailers: {},
    });
    return worktreePath;
  };
  return { ...repo, workspace, prepare };
};

const adminDirOf = (worktree: string): string => {
  const pointer = readFileSync(path.join(worktree, '.git'), 'utf8').trim();
  return pointer.replace(/^gitdir: /, '');
};

describe('worktree life cycle', () => {
  it('adds 8 worktrees concurrently without lock failures', async () => {
    const { workspace, prepare, baseline } = await open();
    const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'];
    const paths = await Promise.all(ids.map((id) => prepare(id)));
    const listed = await workspace.listWorktrees();
    for (const [index, id] of ids.entries()) {
      const entry = listed.find((worktree) => worktree.path === paths[index]);
      expect(entry).toEqual({ path: paths[index], branch: `swarm/r1/${id}`, head: baseline });
      expect(existsSync(path.join(paths[index] ?? '', 'solve.py'))).toBe(true);
    }
    expect(listed).toHaveLength(9);
  });

  it('removes worktrees but keeps their branches, also when the directory is already gone', async () => {
    const { workspace, prepare } = await open();
    const a1 = await prepare('a1');
    const a2 = await prepare('a2');
    writeFileSync(path.join(a1, 'uncommitted.txt'), 'dirty');
    await workspace.removeWorktree(a1);
    rmSync(a2, { recursive: true, force: true });
    await workspace.removeWorktree(a2);
    expect(existsSync(a1)).toBe(false);
    expect((await workspace.listWorktrees()).map((worktree) => worktree.path)).toEqual([workspace.root]);
    expect(await workspace.branchExists('swarm/r1/a1')).toBe(true);
    expect(await workspace.branchExists('swarm/r1/a2')).toBe(true);

    await workspace.checkoutAttempt('swarm/r1/a1', a1);
    expect(git(a1, 'symbolic-ref', '--short', 'HEAD')).toBe('swarm/r1/a1');
    await expect(workspace.checkoutAttempt('swarm/r1/none', path.join(workspace.worktreesDir, 'x'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    await workspace.deleteBranch('swarm/r1/a2');
    await workspace.deleteBranch('swarm/r1/a2');
    expect(await workspace.branchExists('swarm/r1/a2')).toBe(false);
  });

  it('cleans orphan worktrees, stray directories and stale locks left by a killed run', async () => {
    const { workspace, prepare, dir } = await open();
    const [a1, a2, a3, a4] = await Promise.all(['a1', 'a2', 'a3', 'a4'].map((id) => prepare(id)));
    if (!a1 || !a2 || !a3 || !a4) throw new Error('prepare failed');
    const outside = makeTempDir();
    cleanups.push(outside.cleanup);
    const userWorktree = path.join(outside.dir, 'mine');
    git(dir, 'worktree', 'add', '--quiet', '-b', 'user-branch', userWorktree);

    const stray = path.join(workspace.worktreesDir, 'stray');
    mkdirSync(stray, { recursive: true });
    writeFileSync(path.join(stray, 'half-written.txt'), 'x');
    writeFileSync(path.join(adminDirOf(a3), 'locked'), 'initializing');
    const keptIndexLock = path.join(adminDirOf(a2), 'index.lock');
    writeFileSync(keptIndexLock, '');
    const refLock = path.join(dir, '.git', 'refs', 'heads', 'swarm', 'r1', 'a1.lock');
    writeFileSync(refLock, '');
    const mainLock = path.join(dir, '.git', 'index.lock');
    writeFileSync(mainLock, '');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(mainLock, anHourAgo, anHourAgo);
    rmSync(a4, { recursive: true, force: true });

    const removed = await workspace.cleanupWorktrees(new Set([a2]));

    expect([...removed].sort()).toEqual([a1, a3, a4, stray].sort());
    expect((await workspace.listWorktrees()).map((worktree) => worktree.path).sort()).toEqual(
      [workspace.root, a2, userWorktree].sort(),
    );
    for (const gone of [stray, a1, a3, keptIndexLock, refLock, mainLock]) expect(existsSync(gone)).toBe(false);
    expect(existsSync(path.join(a2, 'solve.py'))).toBe(true);
    writeFileSync(path.join(a2, 'solve.py'), 'print(5)\n');
    git(a2, 'add', 'solve.py');
    for (const id of ['a1', 'a2', 'a3', 'a4']) expect(await workspace.branchExists(`swarm/r1/${id}`)).toBe(true);
  });

  it('keeps a fresh main index.lock and HEAD.lock while a git process runs in the repository', async () => {
    const { workspace, dir } = await open();
    const mainLock = path.join(dir, '.git', 'index.lock');
    const headLock = path.join(dir, '.git', 'HEAD.lock');
    writeFileSync(mainLock, '');
    writeFileSync(headLock, '');
    // A live git command in the repository (it answers once running, then waits on its stdin).
    const gitProcess = spawn('git', ['cat-file', '--batch-check'], { cwd: dir, stdio: ['pipe', 'pipe', 'ignore'] });
    cleanups.push(() => gitProcess.kill('SIGKILL'));
    await new Promise<void>((resolve) => {
      gitProcess.stdout.once('data', () => resolve());
      gitProcess.stdin.write('HEAD\n');
    });
    expect(await workspace.cleanupWorktrees(new Set())).toEqual([]);
    expect(existsSync(mainLock)).toBe(true);
    expect(existsSync(headLock)).toBe(true);
  });

  it('clears lock files of any kind once no git process runs in the repository or its worktrees', async () => {
    const { workspace, dir } = await open();
    const outside = makeTempDir();
    cleanups.push(outside.cleanup);
    const userWorktree = path.join(outside.dir, 'mine');
    git(dir, 'worktree', 'add', '--quiet', '-b', 'user-branch', userWorktree);
    const gitDir = path.join(dir, '.git');
    const userAdmin = adminDirOf(userWorktree);
    const locks = [
      path.join(gitDir, 'packed-refs.lock'),
      path.join(gitDir, 'HEAD.lock'),
      path.join(gitDir, 'index.lock'),
      path.join(gitDir, 'config.lock'),
      path.join(gitDir, 'refs', 'heads', 'main.lock'),
      path.join(gitDir, 'refs', 'tags', 'v1.lock'),
      path.join(userAdmin, 'index.lock'),
    ];
    mkdirSync(path.join(gitDir, 'refs', 'tags'), { recursive: true });
    for (const lock of locks) writeFileSync(lock, '');
    // The user's own `git worktree lock` is a choice, not a leftover.
    writeFileSync(path.join(userAdmin, 'locked'), 'on a usb disk');

    const removed = await workspace.clearStaleLocks();

    expect([...removed].sort()).toEqual([...locks].sort());
    for (const lock of locks) expect(existsSync(lock)).toBe(false);
    expect(existsSync(path.join(userAdmin, 'locked'))).toBe(true);
    git(dir, 'branch', 'after-clearing');
    expect(await workspace.branchExists('after-clearing')).toBe(true);
  });
});
