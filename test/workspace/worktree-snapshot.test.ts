import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revertToSnapshot, snapshotWorktree } from '../../src/workspace/worktree-snapshot.js';
import { BASELINE_FILES, git, makeRepo, writeFiles, type TempRepo } from '../support/git-repo.js';

describe('worktree snapshots', () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeRepo();
  });
  afterEach(() => repo.cleanup());

  it('put back what happened after the snapshot and keep what was there before', async () => {
    writeFiles(repo.dir, { 'solve.py': 'agent edit\n', 'notes.txt': 'agent note\n' });
    git(repo.dir, 'add', 'notes.txt');
    const statusBefore = git(repo.dir, 'status', '--porcelain');
    const snapshot = await snapshotWorktree(repo.dir);

    writeFiles(repo.dir, { 'solve.py': 'program overwrote\n', 'notes.txt': 'program overwrote\n', 'out/result.txt': 'output\n' });
    rmSync(join(repo.dir, 'README.md'));
    git(repo.dir, 'add', '--all');
    git(repo.dir, 'commit', '--quiet', '-m', 'program commit');

    const reverted = await revertToSnapshot(snapshot);
    expect(reverted).toEqual(['README.md', 'notes.txt', 'out/result.txt', 'solve.py']);
    expect(readFileSync(join(repo.dir, 'solve.py'), 'utf8')).toBe('agent edit\n');
    expect(readFileSync(join(repo.dir, 'notes.txt'), 'utf8')).toBe('agent note\n');
    expect(readFileSync(join(repo.dir, 'README.md'), 'utf8')).toBe(BASELINE_FILES['README.md']);
    expect(existsSync(join(repo.dir, 'out', 'result.txt'))).toBe(false);
    expect(git(repo.dir, 'rev-parse', 'HEAD')).toBe(repo.baseline);
    expect(git(repo.dir, 'status', '--porcelain')).toBe(statusBefore);
  });

  it('writes nothing into the repository\'s object store', async () => {
    const objects = (): string => git(repo.dir, 'count-objects', '-v');
    const before = objects();
    writeFiles(repo.dir, { 'solve.py': 'agent edit, never added\n', 'new.txt': 'untracked\n' });
    const snapshot = await snapshotWorktree(repo.dir);
    writeFiles(repo.dir, { 'solve.py': 'program overwrote\n' });
    expect(await revertToSnapshot(snapshot)).toEqual(['solve.py']);
    expect(readFileSync(join(repo.dir, 'solve.py'), 'utf8')).toBe('agent edit, never added\n');
    expect(objects()).toBe(before);
  });

  it('changes nothing when nothing changed', async () => {
    writeFileSync(join(repo.dir, 'solve.py'), 'agent edit\n');
    const snapshot = await snapshotWorktree(repo.dir);
    expect(await revertToSnapshot(snapshot)).toEqual([]);
    expect(readFileSync(join(repo.dir, 'solve.py'), 'utf8')).toBe('agent edit\n');
  });
});
