import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/index.js';
import { commitFiles, git, makeRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

describe('reading a tree and files in one git process', () => {
  it('gives the top-level entries as ls-tree names them and each file as git show gives it', async () => {
    const repo = makeRepo();
    cleanups.push(repo.cleanup);
    const next = commitFiles(repo.dir, { 'solve.py': 'print(2)\n', 'data/more.txt': 'x\n' });
    const workspace = await GitWorkspace.open(repo.dir);
    const read = await workspace.readTreeAndFiles(next, [
      { commit: repo.baseline, path: 'solve.py' },
      { commit: next, path: 'solve.py' },
      { commit: next, path: 'data/more.txt' },
      { commit: repo.baseline, path: 'data/more.txt' },
      { commit: next, path: 'data' },
    ]);
    const lsTree = git(repo.dir, 'ls-tree', next).split('\n').map((line) => {
      const [meta = '', name = ''] = line.split('\t');
      const [mode = '', , id = ''] = meta.split(' ');
      return `${mode.replace(/^0+/, '')} ${id}\t${name}`;
    });
    expect(read.topLevel).toEqual(lsTree);
    expect(read.texts).toEqual([await workspace.showFile(repo.baseline, 'solve.py'), 'print(2)\n', 'x\n', null, null]);
    expect(await workspace.readFiles([{ commit: next, path: './solve.py' }, { commit: next, path: 'no\nsuch file' }])).toEqual(['print(2)\n', null]);
  });

  it('tells apart trees whose code differs deep down, and refuses a name that is no commit', async () => {
    const repo = makeRepo();
    cleanups.push(repo.cleanup);
    const workspace = await GitWorkspace.open(repo.dir);
    const deep = commitFiles(repo.dir, { 'data/input.txt': '1 2 4\n' });
    const [before, after] = await Promise.all([workspace.readTreeAndFiles(repo.baseline, []), workspace.readTreeAndFiles(deep, [])]);
    expect(before.topLevel.filter((e) => !e.endsWith('\tdata'))).toEqual(after.topLevel.filter((e) => !e.endsWith('\tdata')));
    expect(before.topLevel).not.toEqual(after.topLevel);
    await expect(workspace.readTreeAndFiles('0000000000000000000000000000000000000000', [])).rejects.toThrow(/does not name a commit/);
  });
});
