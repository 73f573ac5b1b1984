import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace, matchProtected } from '../../src/workspace/index.js';
import { git, makeRepo, writeFiles } from '../support/git-repo.js';

describe('matchProtected', () => {
  it('matches exact files, dir/** globs and dotfiles', () => {
    const paths = ['evaluate.py', 'solve.py', 'data/input.txt', 'data/deep/x.bin', '.env', 'src/evaluate.py'];
    expect(matchProtected(paths, ['evaluate.py'])).toEqual(['evaluate.py']);
    expect(matchProtected(paths, ['data/**'])).toEqual(['data/input.txt', 'data/deep/x.bin']);
    expect(matchProtected(paths, ['.*'])).toEqual(['.env']);
    expect(matchProtected(paths, ['**/evaluate.py'])).toEqual(['evaluate.py', 'src/evaluate.py']);
  });

  it('treats a glob naming a directory as protecting everything below it', () => {
    const paths = ['data/input.txt', 'database.py', 'data'];
    expect(matchProtected(paths, ['data/'])).toEqual(['data/input.txt', 'data']);
    expect(matchProtected(paths, ['./data'])).toEqual(['data/input.txt', 'data']);
  });

  it('matches nothing without globs', () => {
    expect(matchProtected(['evaluate.py'], [])).toEqual([]);
    expect(matchProtected(['evaluate.py'], [''])).toEqual([]);
  });
});

describe('protectedViolations and diffStat', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    while (cleanups.length > 0) cleanups.pop()?.();
  });

  it('reports modified, deleted and renamed protected paths between two commits', async () => {
    const repo = makeRepo();
    cleanups.push(repo.cleanup);
    writeFiles(repo.dir, { 'evaluate.py': 'print("{\\"score\\": 999}")\n', 'solve.py': 'print(2)\n' });
    git(repo.dir, 'rm', '--quiet', 'README.md');
    git(repo.dir, 'mv', 'data/input.txt', 'data/renamed.txt');
    git(repo.dir, 'add', '--all');
    git(repo.dir, 'commit', '--quiet', '-m', 'tamper');
    const head = git(repo.dir, 'rev-parse', 'HEAD');
    const workspace = await GitWorkspace.open(repo.dir);

    const violations = await workspace.protectedViolations(repo.baseline, head, ['evaluate.py', 'README.md', 'data/**']);
    expect(violations.sort()).toEqual(['README.md', 'data/input.txt', 'data/renamed.txt', 'evaluate.py']);
    expect(await workspace.protectedViolations(repo.baseline, head, ['tests/**'])).toEqual([]);

    const stat = await workspace.diffStat(repo.baseline, head);
    expect(stat.paths.sort()).toEqual(['README.md', 'data/input.txt', 'data/renamed.txt', 'evaluate.py', 'solve.py']);
    expect(stat.files).toBe(5);
    expect(stat.insertions).toBe(3);
    expect(stat.deletions).toBe(9);
  });
});
