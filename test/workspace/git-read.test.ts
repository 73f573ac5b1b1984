import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/index.js';
import { commitFiles, makeRepo } from '../support/git-repo.js';

describe('reading commits through the workspace', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    while (cleanups.length > 0) cleanups.pop()?.();
  });

  it('reads a file of an older commit byte for byte, final newline included', async () => {
    const repo = makeRepo();
    cleanups.push(repo.cleanup);
    commitFiles(repo.dir, { 'solve.py': 'changed\n' });
    const workspace = await GitWorkspace.open(repo.dir);
    expect(await workspace.readFileAt(repo.baseline, 'solve.py')).toEqual({ found: true, text: 'def solve():\n    return 1\n\n\nprint(solve())\n' });
    expect(await workspace.readFileAt(repo.baseline, 'data/input.txt')).toEqual({ found: true, text: '1 2 3\n' });
  });

  it("says in git's words why a file or commit cannot be read", async () => {
    const repo = makeRepo();
    cleanups.push(repo.cleanup);
    const workspace = await GitWorkspace.open(repo.dir);
    const missing = await workspace.readFileAt(repo.baseline, 'nope.py');
    expect(missing.found).toBe(false);
    if (!missing.found) expect(missing.detail).toMatch(/nope\.py/);
    const noCommit = await workspace.readFileAt('0000000000000000000000000000000000000000', 'solve.py');
    expect(noCommit.found).toBe(false);
    if (!noCommit.found) expect(noCommit.detail).not.toBe('');
  });
});
