import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/index.js';
import { git, makeRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

const attemptWorktree = async (configureUser = true) => {
  const repo = makeRepo();
  cleanups.push(repo.cleanup);
  if (configureUser) {
    git(repo.dir, 'config', 'user.name', 'Repo Owner');
    git(repo.dir, 'config', 'user.email', 'owner@example.com');
  }
  const workspace = await GitWorkspace.open(repo.dir);
  const worktree = path.join(workspace.worktreesDir, 'a7');
  await workspace.prepareAttempt({
    branch: 'swarm/r1/a7',
    worktreePath: worktree,
    parents: [{ commit: repo.baseline, label: 'baseline' }],
    message: 'prepare',
    trailers: {},
  });
  return { ...repo, workspace, worktree };
};

const trailers = { 'Swarm-Attempt': 'a7', 'Swarm-Parent': 'a3', 'Informed-By': 'a2, a5' };

describe('commitAll', () => {
  it('commits everything left behind with parseable trailers and the configured identity', async () => {
    const { workspace, worktree, baseline } = await attemptWorktree();
    writeFileSync(path.join(worktree, 'solve.py'), 'print(42)\n');
    writeFileSync(path.join(worktree, 'new-file.txt'), 'new\n');
    const result = await workspace.commitAll(worktree, {
      subject: 'a7: widen the ring spacing',
      body: '# Approach\nspacing grows with the radius',
      trailers,
    });
    expect(result.changed).toBe(true);
    expect(result.commit).toBe(git(worktree, 'rev-parse', 'HEAD'));
    expect(git(worktree, 'rev-parse', 'HEAD~1')).toBe(baseline);
    expect(git(worktree, 'status', '--porcelain')).toBe('');
    const message = git(worktree, 'log', '-1', '--format=%B');
    expect(message.split('\n')[0]).toBe('a7: widen the ring spacing');
    expect(message).toContain('# Approach');
    const parsed = execTrailers(worktree, message);
    expect(parsed).toBe('Swarm-Attempt: a7\nSwarm-Parent: a3\nInformed-By: a2, a5');
    expect(git(worktree, 'log', '-1', '--format=%an <%ae>')).toBe('Repo Owner <owner@example.com>');
  });

  it('makes no commit when nothing changed', async () => {
    const { workspace, worktree, baseline } = await attemptWorktree();
    const result = await workspace.commitAll(worktree, { subject: 'a7', trailers });
    expect(result).toEqual({ commit: baseline, changed: false });
    expect(git(worktree, 'rev-list', '--count', 'HEAD')).toBe('1');
  });

  it('builds on commits the agent made itself', async () => {
    const { workspace, worktree, baseline } = await attemptWorktree();
    writeFileSync(path.join(worktree, 'solve.py'), 'print("agent")\n');
    git(worktree, 'commit', '--quiet', '--all', '-m', 'agent commit');
    const agentCommit = git(worktree, 'rev-parse', 'HEAD');
    expect(await workspace.commitAll(worktree, { subject: 'a7', trailers })).toEqual({ commit: agentCommit, changed: false });
    writeFileSync(path.join(worktree, 'left-over.txt'), 'rest\n');
    const result = await workspace.commitAll(worktree, { subject: 'a7', trailers });
    expect(result.changed).toBe(true);
    expect(git(worktree, 'rev-list', '--count', `${baseline}..HEAD`)).toBe('2');
  });

  it('falls back to the swarm identity when no user is configured', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'swarm-home-'));
    const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = path.join(home, '.config');
    cleanups.push(() => {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      rmSync(home, { recursive: true, force: true });
    });
    const { workspace, worktree } = await attemptWorktree(false);
    writeFileSync(path.join(worktree, 'solve.py'), 'print(7)\n');
    await workspace.commitAll(worktree, { subject: 'a7', trailers });
    expect(git(worktree, 'log', '-1', '--format=%an <%ae>')).toBe('swarm <swarm@localhost>');
  });
});

/** What `git interpret-trailers --parse` extracts from a message. */
const execTrailers = (cwd: string, message: string): string => {
  const file = path.join(cwd, '..', 'message.txt');
  writeFileSync(file, message);
  return git(cwd, 'interpret-trailers', '--parse', file);
};

describe('commitAll in a broken worktree', () => {
  it('fails instead of committing to the main checkout when the agent deleted the worktree .git file', async () => {
    const { workspace, worktree, dir } = await attemptWorktree();
    const mainHead = git(dir, 'rev-parse', 'HEAD').trim();
    writeFileSync(path.join(dir, 'notes.txt'), 'the user\'s uncommitted work\n');
    rmSync(path.join(worktree, '.git'));
    writeFileSync(path.join(worktree, 'solve.py'), 'print(1)\n');
    await expect(workspace.commitAll(worktree, { subject: 'a7: broke it', trailers })).rejects.toThrow(/not a git repository/i);
    expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(mainHead);
    expect(git(dir, 'status', '--porcelain')).toContain('notes.txt');
  });
});
