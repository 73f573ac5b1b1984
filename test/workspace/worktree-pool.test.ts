import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitWorkspace } from '../../src/workspace/git-workspace.js';
import { provisionWorktree, type ProvisionInput } from '../../src/workspace/provision/index.js';
import { commitFiles, git, makeRepo, type TempRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const repoWith = (files: Record<string, string>): TempRepo => {
  const repo = makeRepo({ '.gitignore': '.venv/\n.swarm/\n', ...files });
  cleanups.push(repo.cleanup);
  return repo;
};

const open = async (repo: TempRepo, settings: { pool: boolean; sparse: string[] } = { pool: true, sparse: [] }): Promise<GitWorkspace> => {
  const workspace = await GitWorkspace.open(repo.dir);
  workspace.configureWorktrees(settings);
  return workspace;
};

const prepare = (workspace: GitWorkspace, id: string, commit: string) =>
  workspace.prepareAttempt({ branch: `swarm/r1/${id}`, worktreePath: join(workspace.worktreesDir, id), parents: [{ commit, label: 'base' }], message: `prepare ${id}`, trailers: {} });

/** The administrative folder the worktree's `.git` file names: the member's identity. */
const adminOf = (worktree: string): string => readFileSync(join(worktree, '.git'), 'utf8').trim();

const SETUP: ProvisionInput['settings'] = { include: [], link: [], setup: ['mkdir -p .venv/lib && echo installed > .venv/lib/site.txt'], setupTimeoutMs: 60_000, setupKey: ['requirements.txt'], submodules: false };

const provision = (repo: TempRepo, worktree: string) =>
  provisionWorktree({ root: repo.dir, worktree, settings: SETUP, env: { PATH: process.env.PATH ?? '' }, logDir: join(repo.dir, '.swarm', 'logs', 'x'), cacheDir: join(repo.dir, '.swarm', 'setup-cache') });

describe('the worktree pool', () => {
  it('moves a released worktree to the next attempt: untracked files gone, tracked ones at the new commit, the old branch free', async () => {
    const repo = repoWith({ 'a.txt': 'a1\n', 'keep.txt': 'same\n' });
    const first = git(repo.dir, 'rev-parse', 'HEAD');
    const second = commitFiles(repo.dir, { 'a.txt': 'a2\n', 'new.txt': 'n\n' }, 'second');
    const workspace = await open(repo);
    const w1 = (await prepare(workspace, 'a1', first)).worktree;
    const admin = adminOf(w1);
    const keptInode = statSync(join(w1, 'keep.txt')).ino;
    writeFileSync(join(w1, 'scratch.log'), 'left behind\n');
    writeFileSync(join(w1, 'a.txt'), 'edited, never committed\n');
    mkdirSync(join(w1, 'build'));
    writeFileSync(join(w1, 'build', 'out.o'), 'x');
    await workspace.releaseWorktree(w1);
    expect(existsSync(w1)).toBe(false);
    // The branch is no longer checked out anywhere: it can be deleted (or checked out by the user).
    git(repo.dir, 'branch', '-D', 'swarm/r1/a1');

    const w2 = (await prepare(workspace, 'a2', second)).worktree;
    expect(adminOf(w2)).toBe(admin);
    expect(readFileSync(join(w2, 'a.txt'), 'utf8')).toBe('a2\n');
    expect(readFileSync(join(w2, 'new.txt'), 'utf8')).toBe('n\n');
    expect(existsSync(join(w2, 'scratch.log'))).toBe(false);
    expect(existsSync(join(w2, 'build'))).toBe(false);
    // A file both commits share is not written again.
    expect(statSync(join(w2, 'keep.txt')).ino).toBe(keptInode);
    expect(git(w2, 'symbolic-ref', 'HEAD')).toBe('refs/heads/swarm/r1/a2');
    expect(git(w2, 'status', '--porcelain')).toBe('');
    const listed = (await workspace.listWorktrees()).map((w) => w.path);
    expect(listed).toContain(w2);

    await workspace.releaseWorktree(w2);
    await workspace.drainWorktrees();
    expect(readdirSync(workspace.worktreesDir)).toEqual([]);
    expect((await workspace.listWorktrees()).length).toBe(1);
  });

  it('keeps a provisioned environment an agent left alone, and restores one it changed', async () => {
    const repo = repoWith({ 'requirements.txt': 'numpy\n', 'main.py': 'print(1)\n' });
    const base = git(repo.dir, 'rev-parse', 'HEAD');
    const workspace = await open(repo);
    const w1 = (await prepare(workspace, 'a1', base)).worktree;
    expect((await provision(repo, w1)).setup.ran).toBe(true);
    const site = statSync(join(w1, '.venv/lib/site.txt'));
    await workspace.releaseWorktree(w1);

    const w2 = (await prepare(workspace, 'a2', base)).worktree;
    // Untouched: the very same file, not a copy; provisioning finds it there.
    expect(statSync(join(w2, '.venv/lib/site.txt')).ino).toBe(site.ino);
    const again = await provision(repo, w2);
    expect(again.setup).toMatchObject({ ran: false, reused: true });
    // The agent of a2 changes the environment.
    writeFileSync(join(w2, '.venv/lib/site.txt'), 'upgraded by an agent\n');
    writeFileSync(join(w2, '.venv/lib/planted.py'), 'evil\n');
    await workspace.releaseWorktree(w2);

    const w3 = (await prepare(workspace, 'a3', base)).worktree;
    expect(existsSync(join(w3, '.venv'))).toBe(false);
    const third = await provision(repo, w3);
    expect(third.setup).toMatchObject({ ran: false, reused: true });
    expect(readFileSync(join(w3, '.venv/lib/site.txt'), 'utf8')).toBe('installed\n');
    expect(existsSync(join(w3, '.venv/lib/planted.py'))).toBe(false);
    await workspace.releaseWorktree(w3);
    await workspace.drainWorktrees();
  });

  it('recreates a member whose .git link an agent rewrote, and never touches what a planted link points to', async () => {
    const repo = repoWith({ 'a.txt': 'a\n' });
    const base = git(repo.dir, 'rev-parse', 'HEAD');
    const outside = join(repo.dir, '..', `outside-${Date.now()}`);
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious'), 'p\n');
    cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
    const workspace = await open(repo);
    const w1 = (await prepare(workspace, 'a1', base)).worktree;
    symlinkSync(outside, join(w1, 'escape'));
    await workspace.releaseWorktree(w1);
    const w2 = (await prepare(workspace, 'a2', base)).worktree;
    expect(existsSync(join(w2, 'escape'))).toBe(false);
    expect(readFileSync(join(outside, 'precious'), 'utf8')).toBe('p\n');
    const admin = adminOf(w2);
    writeFileSync(join(w2, '.git'), `gitdir: ${join(repo.dir, '.git')}\n`);
    await workspace.releaseWorktree(w2);
    const w3 = (await prepare(workspace, 'a3', base)).worktree;
    expect(adminOf(w3)).not.toBe(`gitdir: ${join(repo.dir, '.git')}`);
    expect(adminOf(w3)).toMatch(/\.git\/worktrees\//);
    expect(git(w3, 'symbolic-ref', 'HEAD')).toBe('refs/heads/swarm/r1/a3');
    // The main checkout's HEAD and index were not used by any of it.
    expect(git(repo.dir, 'status', '--porcelain')).toBe('');
    expect(admin).not.toBe('');
    await workspace.releaseWorktree(w3);
    await workspace.drainWorktrees();
  });

  it('does not keep a worktree with submodules (their clones are not reset by clean or switch), nor any when the pool is off', async () => {
    const repo = repoWith({ '.gitmodules': '[submodule "lib"]\n\tpath = lib\n\turl = ./lib\n', 'a.txt': 'a\n' });
    const base = git(repo.dir, 'rev-parse', 'HEAD');
    const workspace = await open(repo);
    const w1 = (await prepare(workspace, 'a1', base)).worktree;
    await workspace.releaseWorktree(w1);
    expect(existsSync(join(workspace.worktreesDir, '.pool')) ? readdirSync(join(workspace.worktreesDir, '.pool')) : []).toEqual([]);
    const plain = repoWith({ 'a.txt': 'a\n' });
    const off = await open(plain, { pool: false, sparse: [] });
    const w2 = (await prepare(off, 'a1', git(plain.dir, 'rev-parse', 'HEAD'))).worktree;
    await off.releaseWorktree(w2);
    expect(readdirSync(off.worktreesDir)).toEqual([]);
    expect((await off.listWorktrees()).length).toBe(1);
  });

  it('checks out only the sparse patterns the repository declares', async () => {
    const repo = repoWith({ 'src/main.py': 'x\n', 'data/big.bin': 'b\n', 'evaluate.py': 'e\n' });
    const base = git(repo.dir, 'rev-parse', 'HEAD');
    const workspace = await open(repo, { pool: true, sparse: ['/src/', '/evaluate.py'] });
    const w1 = (await prepare(workspace, 'a1', base)).worktree;
    expect(existsSync(join(w1, 'src/main.py'))).toBe(true);
    expect(existsSync(join(w1, 'evaluate.py'))).toBe(true);
    expect(existsSync(join(w1, 'data'))).toBe(false);
    writeFileSync(join(w1, 'src/main.py'), 'y\n');
    const committed = await workspace.commitAll(w1, { subject: 'work', trailers: {} });
    // What the sparse checkout left out is still in the commit, unchanged.
    expect(git(repo.dir, 'show', `${committed.commit}:data/big.bin`)).toBe('b');
    await workspace.releaseWorktree(w1);
    const w2 = (await prepare(workspace, 'a2', committed.commit)).worktree;
    expect(existsSync(join(w2, 'data'))).toBe(false);
    expect(readFileSync(join(w2, 'src/main.py'), 'utf8')).toBe('y\n');
    await workspace.releaseWorktree(w2);
    await workspace.drainWorktrees();
  });
});
