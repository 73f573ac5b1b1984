import { chmodSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { protectedDrift, referenceFromCommit, referenceFromDisk, restoreProtected, setProtectedWritable } from '../../src/workspace/protected-files.js';
import { BASELINE_FILES, commitFiles, git, makeRepo, writeFiles, type TempRepo } from '../support/git-repo.js';

const GLOBS = ['evaluate.py', 'data/**'];

describe('protected files against the run baseline', () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeRepo();
  });
  afterEach(() => repo.cleanup());

  it('finds nothing in an untouched checkout', async () => {
    const ref = await referenceFromCommit(repo.dir, repo.baseline, GLOBS);
    expect(ref.entries.map((e) => e.path)).toEqual(['data/input.txt', 'evaluate.py']);
    expect(await protectedDrift(repo.dir, ref)).toEqual([]);
  });

  it('finds changed, deleted, added (ignored too), re-moded and symlinked protected paths, and restores the baseline', async () => {
    const ref = await referenceFromCommit(repo.dir, repo.baseline, GLOBS);
    writeFileSync(join(repo.dir, '.gitignore'), 'data/*.cache\n');
    writeFileSync(join(repo.dir, 'evaluate.py'), 'print("forged")\n');
    rmSync(join(repo.dir, 'data', 'input.txt'));
    symlinkSync('/etc/hostname', join(repo.dir, 'data', 'input.txt'));
    writeFiles(repo.dir, { 'data/extra.csv': '9\n', 'data/hidden.cache': 'x', 'solve.py': 'changed, not protected\n' });
    expect(await protectedDrift(repo.dir, ref)).toEqual(['data/extra.csv', 'data/hidden.cache', 'data/input.txt', 'evaluate.py']);

    await restoreProtected(repo.dir, ref, await protectedDrift(repo.dir, ref));
    expect(await protectedDrift(repo.dir, ref)).toEqual([]);
    expect(readFileSync(join(repo.dir, 'evaluate.py'), 'utf8')).toBe(BASELINE_FILES['evaluate.py']);
    expect(readFileSync(join(repo.dir, 'data', 'input.txt'), 'utf8')).toBe(BASELINE_FILES['data/input.txt']);
    expect(readFileSync(join(repo.dir, 'solve.py'), 'utf8')).toBe('changed, not protected\n');

    chmodSync(join(repo.dir, 'evaluate.py'), 0o755);
    expect(await protectedDrift(repo.dir, ref)).toEqual(['evaluate.py']);
  });

  it('restores the baseline, not a later commit that changed a protected file', async () => {
    commitFiles(repo.dir, { 'evaluate.py': 'print("committed forgery")\n' }, 'forge');
    const ref = await referenceFromCommit(repo.dir, repo.baseline, GLOBS);
    const drift = await protectedDrift(repo.dir, ref);
    expect(drift).toEqual(['evaluate.py']);
    await restoreProtected(repo.dir, ref, drift);
    expect(readFileSync(join(repo.dir, 'evaluate.py'), 'utf8')).toBe(BASELINE_FILES['evaluate.py']);
  });

  it('makes protected files read-only and writable again', async () => {
    const ref = await referenceFromCommit(repo.dir, repo.baseline, GLOBS);
    await setProtectedWritable(repo.dir, ref, false);
    expect(statSync(join(repo.dir, 'evaluate.py')).mode & 0o222).toBe(0);
    expect(statSync(join(repo.dir, 'solve.py')).mode & 0o200).not.toBe(0);
    expect(await protectedDrift(repo.dir, ref)).toEqual([]);
    await setProtectedWritable(repo.dir, ref, true);
    expect(statSync(join(repo.dir, 'evaluate.py')).mode & 0o200).not.toBe(0);
  });

  it('keeps track through restore, lock and unlock, and sees a write made under the lock', async () => {
    const ref = await referenceFromCommit(repo.dir, repo.baseline, GLOBS);
    writeFileSync(join(repo.dir, 'evaluate.py'), 'print("forged")\n');
    await restoreProtected(repo.dir, ref, await protectedDrift(repo.dir, ref));
    await setProtectedWritable(repo.dir, ref, false);
    expect(await protectedDrift(repo.dir, ref)).toEqual([]);
    await setProtectedWritable(repo.dir, ref, true);
    expect(await protectedDrift(repo.dir, ref)).toEqual([]);

    await setProtectedWritable(repo.dir, ref, false);
    chmodSync(join(repo.dir, 'data', 'input.txt'), 0o644);
    writeFileSync(join(repo.dir, 'data', 'input.txt'), '7 7 7\n');
    chmodSync(join(repo.dir, 'data', 'input.txt'), 0o444);
    expect(await protectedDrift(repo.dir, ref)).toEqual(['data/input.txt']);
  });

  it('notices a rewrite that keeps size and modification time', async () => {
    const ref = await referenceFromCommit(repo.dir, repo.baseline, GLOBS);
    expect(await protectedDrift(repo.dir, ref)).toEqual([]);
    const file = join(repo.dir, 'evaluate.py');
    const before = statSync(file);
    writeFileSync(file, BASELINE_FILES['evaluate.py']?.replace('1', '9') ?? '');
    utimesSync(file, before.atime, before.mtime);
    expect(await protectedDrift(repo.dir, ref)).toEqual(['evaluate.py']);
  });
});

describe('protected files as found on disk (a checkout with no run)', () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeRepo();
  });
  afterEach(() => repo.cleanup());

  it('takes an uncommitted edit as the reference and never overwrites it', async () => {
    writeFileSync(join(repo.dir, 'evaluate.py'), 'print("my local edit")\n');
    const ref = await referenceFromDisk(repo.dir, GLOBS);
    expect(await protectedDrift(repo.dir, ref)).toEqual([]);
    writeFileSync(join(repo.dir, 'evaluate.py'), 'print("changed by the program")\n');
    const drift = await protectedDrift(repo.dir, ref);
    expect(drift).toEqual(['evaluate.py']);
    await restoreProtected(repo.dir, ref, drift);
    expect(readFileSync(join(repo.dir, 'evaluate.py'), 'utf8')).toBe('print("changed by the program")\n');
    expect(git(repo.dir, 'status', '--porcelain')).toBe('M evaluate.py');
  });
});
