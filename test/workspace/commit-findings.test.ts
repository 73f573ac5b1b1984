import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FINDINGS_HEADER, GitWorkspace } from '../../src/workspace/index.js';
import { commitFiles, git, makeRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

const attemptWorktree = async () => {
  const repo = makeRepo();
  cleanups.push(repo.cleanup);
  git(repo.dir, 'config', 'user.name', 'Repo Owner');
  git(repo.dir, 'config', 'user.email', 'owner@example.com');
  const workspace = await GitWorkspace.open(repo.dir);
  const worktree = path.join(workspace.worktreesDir, 'a7');
  await workspace.prepareAttempt({ branch: 'swarm/r1/a7', worktreePath: worktree, parents: [{ commit: repo.baseline, label: 'baseline' }], message: 'prepare', trailers: {} });
  return { ...repo, workspace, worktree };
};

describe('commitFindings', () => {
  it('commits the entry on top of the evaluated commit, leaving out what the evaluation wrote', async () => {
    const { workspace, worktree, dir } = await attemptWorktree();
    writeFileSync(path.join(worktree, 'solve.py'), 'print(42)\n');
    const head = (await workspace.commitAll(worktree, { subject: 'a7: change', trailers: { 'Swarm-Attempt': 'a7' } })).commit;
    expect(head).toBe(git(worktree, 'rev-parse', 'HEAD'));
    // The evaluation writes a file and even commits it: none of that reaches the branch.
    commitFiles(worktree, { 'out.log': 'evaluator output\n' }, 'program commit');

    const tip = await workspace.commitFindings({ branch: 'swarm/r1/a7', onto: head, entry: '- a7 (explorer): change | score = 2', subject: 'a7: change | score = 2', trailers: { 'Swarm-Attempt': 'a7' } });

    expect(git(dir, 'rev-parse', 'refs/heads/swarm/r1/a7')).toBe(tip);
    expect(git(dir, 'rev-parse', `${tip}^`)).toBe(head);
    expect(git(dir, 'show', `${tip}:findings.md`)).toBe(`${FINDINGS_HEADER}\n- a7 (explorer): change | score = 2`);
    expect(git(dir, 'diff', '--name-only', head, tip)).toBe('findings.md');
    expect(git(dir, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%B', tip)).toBe('Repo Owner <owner@example.com>|Repo Owner <owner@example.com>|a7: change | score = 2\n\nSwarm-Attempt: a7');
    expect(git(dir, 'log', '-1', '--format=%(trailers:key=Swarm-Attempt,valueonly)', tip)).toBe('a7');
    // The worktree itself is untouched.
    expect(existsSync(path.join(worktree, 'findings.md'))).toBe(false);
  });

  it('appends to an existing findings.md and keeps its mode', async () => {
    const { workspace, worktree, dir } = await attemptWorktree();
    writeFileSync(path.join(worktree, 'findings.md'), `${FINDINGS_HEADER}\n- a3 (explorer): older | score = 1\n`);
    const head = (await workspace.commitAll(worktree, { subject: 'a7: notes', trailers: {} })).commit;
    const tip = await workspace.commitFindings({ branch: 'swarm/r1/a7', onto: head, entry: '- a7 (optimizer, from a3): deeper | failed: timed out', subject: 'a7: deeper | failed', trailers: { 'Swarm-Attempt': 'a7' } });
    expect(git(dir, 'show', `${tip}:findings.md`)).toBe(`${FINDINGS_HEADER}\n- a3 (explorer): older | score = 1\n\n- a7 (optimizer, from a3): deeper | failed: timed out`);
    expect(git(dir, 'ls-tree', tip, 'findings.md').split(' ')[0]).toBe('100644');
  });

  it('names the ref and the commit when fast-import fails', async () => {
    const { workspace } = await attemptWorktree();
    await expect(workspace.commitFindings({ branch: 'swarm/r1/a7', onto: '0'.repeat(40), entry: '- a7', subject: 'a7', trailers: {} })).rejects.toThrow(/fast-import.*findings\.md on refs\/heads\/swarm\/r1\/a7/);
  });
});

describe('removeWorktree', () => {
  it('removes a linked worktree and its registration, keeping the branch', async () => {
    const { workspace, worktree, dir } = await attemptWorktree();
    writeFileSync(path.join(worktree, 'scratch.txt'), 'untracked\n');
    await workspace.removeWorktree(worktree);
    expect(existsSync(worktree)).toBe(false);
    expect((await workspace.listWorktrees()).map((w) => w.path)).toEqual([dir]);
    expect(readFileSync(path.join(dir, '.git', 'HEAD'), 'utf8')).toContain('refs/heads/main');
    expect(await workspace.branchExists('swarm/r1/a7')).toBe(true);
    expect(git(dir, 'worktree', 'prune', '--dry-run', '--verbose')).toBe('');
  });
});
