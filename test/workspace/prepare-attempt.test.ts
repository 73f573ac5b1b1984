import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/index.js';
import { commitFiles, git, makeRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

/** A baseline plus two sibling branches, each with one commit; returns their shas. */
const setup = async (left: Record<string, string>, right: Record<string, string>) => {
  const repo = makeRepo();
  cleanups.push(repo.cleanup);
  git(repo.dir, 'checkout', '--quiet', '-b', 'left');
  const a1 = commitFiles(repo.dir, left, 'a1');
  git(repo.dir, 'checkout', '--quiet', '-b', 'right', repo.baseline);
  const a2 = commitFiles(repo.dir, right, 'a2');
  git(repo.dir, 'checkout', '--quiet', 'main');
  const workspace = await GitWorkspace.open(repo.dir);
  return { ...repo, workspace, a1, a2 };
};

const read = (dir: string, file: string): string => readFileSync(path.join(dir, file), 'utf8');

describe('prepareAttempt', () => {
  it('creates the branch and worktree at a single parent without committing', async () => {
    const { workspace, a1 } = await setup({ 'solve.py': 'print("a1")\n' }, {});
    const worktreePath = path.join(workspace.worktreesDir, 'a3');
    const prepared = await workspace.prepareAttempt({
      branch: 'swarm/r1/a3',
      worktreePath,
      parents: [{ commit: a1, label: 'a1' }],
      message: 'swarm: prepare a3',
      trailers: { 'Swarm-Attempt': 'a3' },
    });
    expect(prepared).toEqual({ worktree: worktreePath, baseCommit: a1, conflicts: [] });
    expect(git(worktreePath, 'rev-parse', 'HEAD')).toBe(a1);
    expect(git(worktreePath, 'symbolic-ref', '--short', 'HEAD')).toBe('swarm/r1/a3');
    expect(read(worktreePath, 'solve.py')).toBe('print("a1")\n');
  });

  it('merges a second parent without conflict into one commit with both parents and trailers', async () => {
    const { workspace, a1, a2 } = await setup({ 'solve.py': 'print("a1")\n' }, { 'data/input.txt': '4 5 6\n' });
    const worktreePath = path.join(workspace.worktreesDir, 'a3');
    const prepared = await workspace.prepareAttempt({
      branch: 'swarm/r1/a3',
      worktreePath,
      parents: [
        { commit: a1, label: 'a1' },
        { commit: a2, label: 'a2' },
      ],
      message: 'swarm: prepare a3, merge of a1 and a2',
      trailers: { 'Swarm-Attempt': 'a3', 'Swarm-Parent': 'a1, a2' },
    });
    expect(prepared.conflicts).toEqual([]);
    expect(prepared.baseCommit).not.toBe(a1);
    expect(git(worktreePath, 'rev-parse', 'HEAD')).toBe(prepared.baseCommit);
    expect(git(worktreePath, 'log', '-1', '--format=%P')).toBe(`${a1} ${a2}`);
    expect(read(worktreePath, 'solve.py')).toBe('print("a1")\n');
    expect(read(worktreePath, 'data/input.txt')).toBe('4 5 6\n');
    expect(git(worktreePath, 'status', '--porcelain')).toBe('');
    const trailers = git(worktreePath, 'log', '-1', '--format=%(trailers:only,unfold)');
    expect(trailers).toBe('Swarm-Attempt: a3\nSwarm-Parent: a1, a2');
  });

  it('keeps the first parent on conflict and saves the other version beside it', async () => {
    const { workspace, a1, a2 } = await setup(
      { 'solve.py': 'print("a1")\n', 'notes.txt': 'a1 notes\n' },
      { 'solve.py': 'print("a12")\n', 'notes.txt': 'a12 notes\n' },
    );
    const worktreePath = path.join(workspace.worktreesDir, 'a3');
    const prepared = await workspace.prepareAttempt({
      branch: 'swarm/r1/a3',
      worktreePath,
      parents: [
        { commit: a1, label: 'a1' },
        { commit: a2, label: 'a12' },
      ],
      message: 'swarm: prepare a3',
      trailers: { 'Swarm-Attempt': 'a3' },
    });
    expect(prepared.conflicts.sort()).toEqual(['notes.txt', 'solve.py']);
    expect(read(worktreePath, 'solve.py')).toBe('print("a1")\n');
    expect(read(worktreePath, 'solve.from-a12.py')).toBe('print("a12")\n');
    expect(read(worktreePath, 'notes.from-a12.txt')).toBe('a12 notes\n');
    expect(git(worktreePath, 'status', '--porcelain')).toBe('');
    expect(git(worktreePath, 'ls-tree', '--name-only', 'HEAD')).toContain('solve.from-a12.py');
    expect(git(worktreePath, 'log', '-1', '--format=%P')).toBe(`${a1} ${a2}`);
    expect(git(worktreePath, 'log', '-1', '--format=%(trailers:key=Swarm-Attempt,valueonly)')).toBe('a3');
  });

  it('keeps a file the first parent deleted when the other parent modified it', async () => {
    const repo = makeRepo();
    cleanups.push(repo.cleanup);
    git(repo.dir, 'checkout', '--quiet', '-b', 'left');
    git(repo.dir, 'rm', '--quiet', 'README.md');
    git(repo.dir, 'commit', '--quiet', '-m', 'delete readme');
    const a1 = git(repo.dir, 'rev-parse', 'HEAD');
    git(repo.dir, 'checkout', '--quiet', '-b', 'right', repo.baseline);
    const a2 = commitFiles(repo.dir, { 'README.md': '# changed\n' });
    const workspace = await GitWorkspace.open(repo.dir);
    const worktreePath = path.join(workspace.worktreesDir, 'a3');
    const prepared = await workspace.prepareAttempt({
      branch: 'swarm/r1/a3',
      worktreePath,
      parents: [
        { commit: a1, label: 'a1' },
        { commit: a2, label: 'a2' },
      ],
      message: 'swarm: prepare a3',
      trailers: {},
    });
    expect(prepared.conflicts).toEqual(['README.md']);
    expect(existsSync(path.join(worktreePath, 'README.md'))).toBe(false);
    expect(read(worktreePath, 'README.from-a2.md')).toBe('# changed\n');
    expect(git(worktreePath, 'status', '--porcelain')).toBe('');
  });

  it('merges three parents into one prepare commit', async () => {
    const { workspace, dir, a1, a2, baseline } = await setup({ 'solve.py': 'print("a1")\n' }, { 'solve.py': 'print("a2")\n' });
    git(dir, 'checkout', '--quiet', '-b', 'third', baseline);
    const a4 = commitFiles(dir, { 'extra.txt': 'a4\n', 'solve.py': 'print("a4")\n' });
    const worktreePath = path.join(workspace.worktreesDir, 'a5');
    const prepared = await workspace.prepareAttempt({
      branch: 'swarm/r1/a5',
      worktreePath,
      parents: [
        { commit: a1, label: 'a1' },
        { commit: a2, label: 'a2' },
        { commit: a4, label: 'a4' },
      ],
      message: 'swarm: prepare a5',
      trailers: { 'Swarm-Attempt': 'a5' },
    });
    expect(prepared.conflicts).toEqual(['solve.py']);
    expect(git(worktreePath, 'log', '-1', '--format=%P')).toBe(`${a1} ${a2} ${a4}`);
    expect(read(worktreePath, 'solve.py')).toBe('print("a1")\n');
    expect(read(worktreePath, 'solve.from-a2.py')).toBe('print("a2")\n');
    expect(read(worktreePath, 'solve.from-a4.py')).toBe('print("a4")\n');
    expect(read(worktreePath, 'extra.txt')).toBe('a4\n');
  });

  it('refuses an existing branch unless asked to recreate it', async () => {
    const { workspace, a1, a2 } = await setup({ 'solve.py': 'print("a1")\n' }, { 'solve.py': 'print("a2")\n' });
    const worktreePath = path.join(workspace.worktreesDir, 'a3');
    const params = (commit: string) => ({
      branch: 'swarm/r1/a3',
      worktreePath,
      parents: [{ commit, label: 'p' }],
      message: 'swarm: prepare a3',
      trailers: {},
    });
    await workspace.prepareAttempt(params(a1));
    writeFileSync(path.join(worktreePath, 'junk.txt'), 'left by a crashed agent');
    await expect(workspace.prepareAttempt(params(a2))).rejects.toMatchObject({ code: 'GIT_FAILED' });
    const again = await workspace.prepareAttempt(params(a2), { recreate: true });
    expect(again.baseCommit).toBe(a2);
    expect(read(worktreePath, 'solve.py')).toBe('print("a2")\n');
    expect(existsSync(path.join(worktreePath, 'junk.txt'))).toBe(false);

    const strayPath = path.join(workspace.worktreesDir, 'a4');
    mkdirSync(strayPath, { recursive: true });
    writeFileSync(path.join(strayPath, 'partial.txt'), 'crash before the branch existed');
    const fresh = await workspace.prepareAttempt({ ...params(a1), branch: 'swarm/r1/a4', worktreePath: strayPath }, { recreate: true });
    expect(fresh.baseCommit).toBe(a1);
    expect(existsSync(path.join(strayPath, 'partial.txt'))).toBe(false);
  });

  it('rejects an unknown parent commit', async () => {
    const { workspace } = await setup({}, {});
    await expect(
      workspace.prepareAttempt({
        branch: 'swarm/r1/a9',
        worktreePath: path.join(workspace.worktreesDir, 'a9'),
        parents: [{ commit: 'deadbeef', label: 'a8' }],
        message: 'x',
        trailers: {},
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await workspace.branchExists('swarm/r1/a9')).toBe(false);
  });
});
