import { existsSync, lstatSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitAll } from '../../src/workspace/commit-all.js';
import { provisionWorktree, type ProvisionInput } from '../../src/workspace/provision/index.js';
import { addWorktree } from '../../src/workspace/worktrees.js';
import { commitFiles, git, makeRepo, makeTempDir, writeFiles, type TempRepo } from '../support/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const SETTINGS: ProvisionInput['settings'] = { include: [], link: [], setup: [], setupTimeoutMs: 60_000, setupKey: ['requirements*.txt'], submodules: true };
const IDENTITY = ['user.name=T', 'user.email=t@example.com', 'commit.gpgsign=false'];

const repoWith = (files: Record<string, string>, ignored: Record<string, string>): TempRepo => {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  writeFiles(repo.dir, ignored);
  return repo;
};

const worktreeOf = async (repo: TempRepo, name: string): Promise<string> => {
  const dir = join(repo.dir, '.swarm', 'worktrees', name);
  await addWorktree(repo.dir, dir, { newBranch: `b-${name}`, commit: 'HEAD' });
  return dir;
};

const input = (repo: TempRepo, worktree: string, settings: Partial<ProvisionInput['settings']>): ProvisionInput => ({
  root: repo.dir,
  worktree,
  settings: { ...SETTINGS, ...settings },
  env: { PATH: process.env.PATH ?? '' },
  logDir: join(repo.dir, '.swarm', 'logs', worktree.split('/').pop() ?? 'x'),
  cacheDir: join(repo.dir, '.swarm', 'setup-cache'),
});

describe('provisionWorktree', () => {
  it('copies ignored files that .worktreeinclude matches, never a tracked or unmatched one, and no commit holds them', async () => {
    const repo = repoWith(
      { '.gitignore': '.env\nsecrets/\nbig/\nconfig.local\n', '.worktreeinclude': '.env\nsecrets/\nconfig.local\n', 'config.local.example': 'x\n', 'main.py': 'print(1)\n' },
      { '.env': 'API_TOKEN=abcdef123456789\n', 'secrets/key.txt': 'k\n', 'big/blob.bin': 'b\n', 'notes.txt': 'untracked, not ignored\n' },
    );
    const worktree = await worktreeOf(repo, 'w1');
    const done = await provisionWorktree(input(repo, worktree, {}));
    expect(done.copied).toEqual(['.env', 'secrets/key.txt']);
    expect(readFileSync(join(worktree, '.env'), 'utf8')).toContain('abcdef123456789');
    expect(existsSync(join(worktree, 'big/blob.bin'))).toBe(false);
    expect(existsSync(join(worktree, 'notes.txt'))).toBe(false);
    expect(done.secrets).toEqual(['abcdef123456789']);
    // An agent that un-ignores and stages the carried file: the commit still leaves it out.
    writeFileSync(join(worktree, '.gitignore'), '');
    git(worktree, 'add', '-f', '.env');
    writeFileSync(join(worktree, 'main.py'), 'print(2)\n');
    const { commit } = await commitAll(worktree, { subject: 'work', trailers: {} }, IDENTITY.flatMap((c) => [c]));
    const files = git(worktree, 'ls-tree', '-r', '--name-only', commit).split('\n');
    expect(files).toContain('main.py');
    expect(files).not.toContain('.env');
    expect(files).not.toContain('secrets/key.txt');
  });

  it('in a project folder: reads the project\'s .worktreeinclude (relative to it) and the root\'s, and workspace.include relative to the project', async () => {
    const repo = repoWith(
      {
        '.gitignore': '*.secret\n',
        '.worktreeinclude': '/root.secret\n',
        'pkg/opt/.gitignore': 'data/\nlocal.cfg\n',
        'pkg/opt/.worktreeinclude': '# relative to pkg/opt\n*.csv\n!data/skip.csv\n/top.secret\n',
        'pkg/opt/main.py': 'print(1)\n',
        'pkg/tune/.gitignore': 'data/\n',
      },
      {
        'root.secret': 'r\n',
        'pkg/opt/data/points.csv': '1\n',
        'pkg/opt/data/skip.csv': 's\n',
        'pkg/opt/deep/data/more.csv': 'm\n',
        'pkg/opt/top.secret': 't\n',
        'pkg/opt/deep/top.secret': 'not anchored here\n',
        'pkg/opt/local.cfg': 'c\n',
        'pkg/tune/data/other.csv': 'another project\n',
        'data/root.csv': 'outside the project\n',
      },
    );
    const worktree = await worktreeOf(repo, 'sub');
    const done = await provisionWorktree({ ...input(repo, worktree, { include: ['local.cfg'] }), subdir: 'pkg/opt' });
    expect(done.copied).toEqual(['pkg/opt/data/points.csv', 'pkg/opt/deep/data/more.csv', 'pkg/opt/local.cfg', 'pkg/opt/top.secret', 'root.secret']);
    expect(readFileSync(join(worktree, 'pkg/opt/data/points.csv'), 'utf8')).toBe('1\n');
    expect(existsSync(join(worktree, 'pkg/tune/data/other.csv'))).toBe(false);
  });

  it('links workspace.link paths to the checkout and keeps the link out of commits; a second call changes nothing', async () => {
    const repo = repoWith({ '.gitignore': 'data/\n', 'main.py': 'print(1)\n' }, { 'data/points.csv': '1,2\n' });
    const worktree = await worktreeOf(repo, 'w2');
    const first = await provisionWorktree(input(repo, worktree, { link: ['data/', 'absent'] }));
    expect(first.linked).toEqual(['data']);
    expect(first.skippedLinks).toEqual([]);
    expect(first.missingLinks).toEqual(['absent']);
    expect(lstatSync(join(worktree, 'data')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(worktree, 'data'))).toBe(join(repo.dir, 'data'));
    expect(readFileSync(join(worktree, 'data/points.csv'), 'utf8')).toBe('1,2\n');
    const again = await provisionWorktree(input(repo, worktree, { link: ['data/'] }));
    expect(again.linked).toEqual(['data']);
    writeFileSync(join(worktree, 'main.py'), 'print(3)\n');
    const { commit } = await commitAll(worktree, { subject: 'work', trailers: {} }, IDENTITY);
    expect(git(worktree, 'ls-tree', '-r', '--name-only', commit).split('\n')).toEqual(['.gitignore', 'main.py']);
  });

  it('runs setup once per key: a second worktree gets its outputs from the cache; a changed lock file runs it again', async () => {
    const repo = repoWith({ '.gitignore': 'env/\n', 'requirements.txt': 'a==1\n', 'main.py': 'print(1)\n' }, {});
    const counter = join(repo.dir, '.swarm-count');
    const setup = [`echo run >> ${counter}; mkdir -p env && echo "$SWARM_REPO_ROOT" > env/root && cp requirements.txt env/installed`];
    const first = await provisionWorktree(input(repo, await worktreeOf(repo, 'w3'), { setup }));
    expect(first.setup).toMatchObject({ ran: true, reused: false, failure: null });
    const second = await worktreeOf(repo, 'w4');
    const reused = await provisionWorktree(input(repo, second, { setup }));
    expect(reused.setup).toMatchObject({ ran: false, reused: true, key: first.setup.key });
    expect(readFileSync(join(second, 'env/root'), 'utf8').trim()).toBe(repo.dir);
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
    commitFiles(repo.dir, { 'requirements.txt': 'a==2\n' });
    const third = await worktreeOf(repo, 'w5');
    const rerun = await provisionWorktree(input(repo, third, { setup }));
    expect(rerun.setup.ran).toBe(true);
    expect(rerun.setup.key).not.toBe(first.setup.key);
    expect(readFileSync(join(third, 'env/installed'), 'utf8')).toBe('a==2\n');
  });

  it('reports a failing setup command as a value with its output', async () => {
    const repo = repoWith({ 'main.py': 'print(1)\n' }, {});
    const done = await provisionWorktree(input(repo, await worktreeOf(repo, 'w6'), { setup: ['echo preparing; echo "npm ERR! missing lib" >&2; exit 3', 'echo never'] }));
    expect(done.setup.failure).toEqual({ command: 'echo preparing; echo "npm ERR! missing lib" >&2; exit 3', ended: 'exited with code 3', output: 'npm ERR! missing lib', cause: 'npm: missing lib' });
  });

  it('checks out a submodule at the recorded commit from the main repository\'s module store', async () => {
    const lib = makeTempDir();
    cleanups.push(lib.cleanup);
    git(lib.dir, 'init', '--quiet', '--initial-branch=main');
    commitFiles(lib.dir, { 'lib.py': 'VALUE = 1\n' });
    const repo = repoWith({ 'main.py': 'print(1)\n' }, {});
    git(repo.dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '--quiet', lib.dir, 'vendor/lib');
    git(repo.dir, 'commit', '--quiet', '-m', 'submodule');
    // The recorded commit stays the old one even once the library moves on.
    commitFiles(lib.dir, { 'lib.py': 'VALUE = 2\n' });
    lib.cleanup();
    const worktree = await worktreeOf(repo, 'w7');
    const done = await provisionWorktree(input(repo, worktree, {}));
    expect(done.submodules).toEqual(['vendor/lib']);
    expect(readFileSync(join(worktree, 'vendor/lib/lib.py'), 'utf8')).toBe('VALUE = 1\n');
    writeFileSync(join(worktree, 'main.py'), 'print(2)\n');
    const { commit } = await commitAll(worktree, { subject: 'work', trailers: {} }, IDENTITY);
    expect(git(worktree, 'ls-tree', commit, 'vendor/lib')).toMatch(/^160000 commit/);
  });
});
