import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/index.js';
import { git, makeRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

const attemptWorktree = async () => {
  const repo = makeRepo();
  cleanups.push(repo.cleanup);
  const workspace = await GitWorkspace.open(repo.dir);
  const worktree = path.join(workspace.worktreesDir, 'a7');
  await workspace.prepareAttempt({ branch: 'swarm/r1/a7', worktreePath: worktree, parents: [{ commit: repo.baseline, label: 'baseline' }], message: 'prepare', trailers: {} });
  return { ...repo, workspace, worktree };
};

const trailers = { 'Swarm-Attempt': 'a7' };

describe('commitAllWithStat', () => {
  it('commits everything and gives the same stat as a diff of the two commits', async () => {
    const { workspace, worktree, baseline } = await attemptWorktree();
    writeFileSync(path.join(worktree, 'solve.py'), 'print(42)\n');
    writeFileSync(path.join(worktree, 'new-file.txt'), 'one\ntwo\n');
    const result = await workspace.commitAllWithStat(worktree, { subject: 'a7: change', trailers }, baseline);
    expect(result.changed).toBe(true);
    expect(result.commit).toBe(git(worktree, 'rev-parse', 'HEAD'));
    expect(git(worktree, 'status', '--porcelain')).toBe('');
    // The commit step's stat also names the symlinks the change adds (none here).
    expect(result.diff).toEqual({ ...(await workspace.diffStat(baseline, result.commit)), links: [] });
    expect(result.diff).toEqual({ files: 2, insertions: 3, deletions: 5, paths: ['new-file.txt', 'solve.py'], links: [] });
  });

  it('counts what the agent committed itself, and nothing when nothing changed', async () => {
    const { workspace, worktree, baseline } = await attemptWorktree();
    expect(await workspace.commitAllWithStat(worktree, { subject: 'a7', trailers }, baseline)).toEqual({ commit: baseline, changed: false, diff: { files: 0, insertions: 0, deletions: 0, paths: [] } });
    writeFileSync(path.join(worktree, 'README.md'), '# renamed program\n');
    git(worktree, 'commit', '--quiet', '--all', '-m', 'agent commit');
    const agentCommit = git(worktree, 'rev-parse', 'HEAD');
    const result = await workspace.commitAllWithStat(worktree, { subject: 'a7', trailers }, baseline);
    expect(result).toEqual({ commit: agentCommit, changed: false, diff: { files: 1, insertions: 1, deletions: 1, paths: ['README.md'], links: [] } });
  });
});
