import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { provisionWorktree, type ProvisionInput } from '../../src/workspace/provision/index.js';
import { addWorktree } from '../../src/workspace/worktrees.js';
import { git, makeRepo, writeFiles, type TempRepo } from '../support/git-repo.js';
import { EDITABLE_VENV, hasPythonVenv, PIP_ENV, SORTY_BROKEN, SORTY_FILES } from '../support/python-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const SETTINGS: ProvisionInput['settings'] = { include: [], link: [], setup: [], setupTimeoutMs: 180_000, setupKey: ['pyproject.toml', 'package*.json'], submodules: true };
const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...PIP_ENV };

const repoWith = (files: Record<string, string>): TempRepo => {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  return repo;
};

const worktreeOf = async (repo: TempRepo, name: string): Promise<string> => {
  const dir = join(repo.dir, '.swarm', 'worktrees', name);
  await addWorktree(repo.dir, dir, { newBranch: `b-${name}`, commit: 'HEAD' });
  return dir;
};

const provision = (repo: TempRepo, worktree: string, settings: Partial<ProvisionInput['settings']>): ReturnType<typeof provisionWorktree> => provisionWorktree({
  root: repo.dir,
  worktree,
  settings: { ...SETTINGS, ...settings },
  env: ENV,
  logDir: join(repo.dir, '.swarm', 'logs', worktree.split('/').pop() ?? 'x'),
  cacheDir: join(repo.dir, '.swarm', 'setup-cache'),
});

const sh = (cwd: string, command: string): string => execFileSync('/bin/sh', ['-c', command], { cwd, encoding: 'utf8', env: { ...process.env, ...PIP_ENV } });
/** The exit code of `command` in `cwd`, and its output. */
const status = (cwd: string, command: string): { code: number | null; output: string } => {
  const done = spawnSync('/bin/sh', ['-c', command], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return { code: done.status, output: `${done.stdout}${done.stderr}` };
};

describe.skipIf(!hasPythonVenv)('a Python package installed editable (real pip, setuptools)', () => {
  it('a checkout .venv holding the editable install is never linked: refused with the reason and the fix', async () => {
    const repo = repoWith(SORTY_FILES);
    sh(repo.dir, EDITABLE_VENV);
    // The hazard: the console script imports the checkout's code from anywhere.
    writeFileSync(join(repo.dir, 'sorty/__init__.py'), SORTY_BROKEN);
    expect(status(repo.dir, '.venv/bin/pytest -q tests').code).not.toBe(0);
    const worktree = await worktreeOf(repo, 'w1');
    const done = await provision(repo, worktree, { link: ['.venv'] });
    expect(done.linked).toEqual([]);
    expect(done.refused).toHaveLength(1);
    expect(done.refused[0]?.path).toBe('.venv');
    expect(done.refused[0]?.reason).toMatch(/would run your checkout's code, not the attempt's: \.venv: .*__editable__.*→ .*sorty/);
    expect(done.refused[0]?.fix).toContain('workspace.setup');
    expect(existsSync(join(worktree, '.venv'))).toBe(false);
  }, 180_000);

  it('setup builds the venv once; a later worktree gets a relocated copy whose console script imports THAT worktree\'s code', async () => {
    const repo = repoWith(SORTY_FILES);
    const setup = ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e ".[test]"'];
    const first = await worktreeOf(repo, 'w1');
    const built = await provision(repo, first, { setup });
    expect(built.setup).toMatchObject({ ran: true, failure: null, notCached: null });
    expect(built.refused).toEqual([]);
    expect(status(first, '.venv/bin/pytest -q tests').code).toBe(0);
    // The worktree it was built in is gone (doctor's is removed at once).
    git(repo.dir, 'worktree', 'remove', '--force', first);
    rmSync(first, { recursive: true, force: true });

    const second = await worktreeOf(repo, 'w2');
    const copied = await provision(repo, second, { setup });
    expect(copied.setup).toMatchObject({ ran: false, reused: true, failure: null });
    expect(copied.refused).toEqual([]);
    expect(readFileSync(join(second, '.venv/bin/pytest'), 'utf8').split('\n')[0]).toBe(`#!${join(second, '.venv/bin/python')}`);
    expect(status(second, '.venv/bin/python -c "import sorty; print(sorty.__file__)"').output.trim()).toBe(join(realpathSync(second), 'sorty/__init__.py'));
    expect(status(second, '.venv/bin/pytest -q tests').code).toBe(0);
    // An attempt that breaks the code: the tests run in that worktree see it.
    writeFileSync(join(second, 'sorty/__init__.py'), SORTY_BROKEN);
    const broken = status(second, '.venv/bin/pytest -q tests');
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('assert [3, 1, 2] == [1, 2, 3]');
  }, 240_000);
});

describe('environments whose files point into the checkout (no pip needed)', () => {
  it('setup that installs from $SWARM_REPO_ROOT is refused: what it made would run the checkout\'s code', async () => {
    const repo = repoWith({ '.gitignore': '.venv/\n', 'main.py': 'print(1)\n' });
    const worktree = await worktreeOf(repo, 'w1');
    const setup = ['mkdir -p .venv/lib/python3.11/site-packages && touch .venv/pyvenv.cfg && echo "$SWARM_REPO_ROOT" > .venv/lib/python3.11/site-packages/__editable__.main-0.1.pth'];
    const done = await provision(repo, worktree, { setup });
    expect(done.setup.failure).toBeNull();
    expect(done.refused.map((r) => r.path)).toEqual(['.venv']);
    expect(done.refused[0]?.reason).toContain(`(editable install (.pth path)) → ${repo.dir}`);
    // Never cached: the next worktree runs it (and is refused) again.
    expect(existsSync(join(repo.dir, '.swarm', 'setup-cache'))).toBe(false);
  });

  it('a setup output naming its worktree in binary form is not cached, and says why; each worktree runs setup', async () => {
    const repo = repoWith({ '.gitignore': 'build/\n', 'main.py': 'print(1)\n' });
    const setup = ['mkdir -p build && printf "\\000rpath=%s\\000" "$PWD" > build/lib.so && echo "#!$PWD/build/tool" > build/tool.sh'];
    const first = await provision(repo, await worktreeOf(repo, 'w1'), { setup });
    expect(first.setup.notCached).toMatch(/^not cached: build\/lib\.so holds this worktree's absolute path in binary form/);
    const second = await provision(repo, await worktreeOf(repo, 'w2'), { setup });
    expect(second.setup).toMatchObject({ ran: true, reused: false });
  });

  it('text files and absolute links naming the worktree are rewritten for the next one; the cache keeps the original', async () => {
    const repo = repoWith({ '.gitignore': 'env/\n', 'main.py': 'print(1)\n' });
    const setup = ['mkdir -p env/bin && printf "#!%s/env/bin/python\\nimport x\\n" "$PWD" > env/bin/tool && chmod 755 env/bin/tool && echo "$PWD-other $PWD/lib" > env/paths.txt && ln -s "$PWD/main.py" env/main-link'];
    const w1 = await worktreeOf(repo, 'w1');
    await provision(repo, w1, { setup });
    const w2 = await worktreeOf(repo, 'w2');
    const done = await provision(repo, w2, { setup });
    expect(done.setup.reused).toBe(true);
    expect(readFileSync(join(w2, 'env/bin/tool'), 'utf8')).toBe(`#!${w2}/env/bin/python\nimport x\n`);
    expect(lstatSync(join(w2, 'env/bin/tool')).mode & 0o777).toBe(0o755);
    // A longer name that only starts with the worktree's path is left alone.
    expect(readFileSync(join(w2, 'env/paths.txt'), 'utf8')).toBe(`${w1}-other ${w2}/lib\n`);
    expect(readlinkSync(join(w2, 'env/main-link'))).toBe(join(w2, 'main.py'));
    expect(readFileSync(join(w1, 'env/bin/tool'), 'utf8')).toContain(`#!${w1}/`);
  });
});

const NODE_FILES: Record<string, string> = {
  '.gitignore': 'node_modules/\n',
  'package.json': JSON.stringify({ name: 'app', version: '1.0.0', private: true, workspaces: ['packages/*'], dependencies: { mylib: 'file:./libs/mylib' } }),
  'libs/mylib/package.json': '{"name":"mylib","version":"1.0.0","main":"index.js"}\n',
  'libs/mylib/index.js': 'module.exports = 1;\n',
  'packages/wsa/package.json': '{"name":"wsa","version":"1.0.0","main":"index.js"}\n',
  'packages/wsa/index.js': 'module.exports = 2;\n',
  'main.js': "console.log(require('mylib') + require('wsa'));\n",
};
const NPM_INSTALL = 'npm install --offline --no-audit --no-fund --loglevel=error';

describe('node_modules with file: and workspace dependencies (real npm)', () => {
  it('npm links them relatively: a node_modules linked from the checkout resolves into it and is refused', async () => {
    const repo = repoWith(NODE_FILES);
    sh(repo.dir, NPM_INSTALL);
    expect(readlinkSync(join(repo.dir, 'node_modules/mylib'))).toBe('../libs/mylib');
    const worktree = await worktreeOf(repo, 'w1');
    const done = await provision(repo, worktree, { link: ['node_modules'] });
    expect(done.linked).toEqual([]);
    expect(done.refused[0]?.reason).toContain(`mylib (node_modules link (npm link, a workspace or a file: dependency)) → ${join(repo.dir, 'libs/mylib')}`);
    expect(done.refused[0]?.reason).toContain(join(repo.dir, 'packages/wsa'));
    expect(done.refused[0]?.fix).toContain('npm install');
  }, 120_000);

  it('a worktree without node_modules of its own, below a checkout whose node_modules links into it, is refused (Node climbs there)', async () => {
    const repo = repoWith(NODE_FILES);
    sh(repo.dir, NPM_INSTALL);
    const worktree = await worktreeOf(repo, 'w1');
    // The hazard: from the worktree, Node finds the checkout's node_modules and its links.
    expect(status(worktree, "node -p \"require.resolve('mylib')\"").output.trim()).toBe(join(repo.dir, 'libs/mylib/index.js'));
    const bare = await provision(repo, worktree, {});
    expect(bare.refused.map((r) => r.path)).toEqual(['node_modules']);
    expect(bare.refused[0]?.reason).toContain(`Node climbs to ${join(repo.dir, 'node_modules')}`);
    const built = await provision(repo, await worktreeOf(repo, 'w2'), { setup: [NPM_INSTALL] });
    expect(built.refused).toEqual([]);
  }, 120_000);

  it('npm link of a package in the repository is refused the same way', async () => {
    const repo = repoWith({ ...NODE_FILES, 'package.json': '{"name":"app","version":"1.0.0","private":true}' });
    const prefix = join(repo.dir, '.npm-global');
    sh(join(repo.dir, 'libs/mylib'), `NPM_CONFIG_PREFIX=${prefix} npm link --offline --no-audit --no-fund --loglevel=error`);
    sh(repo.dir, `NPM_CONFIG_PREFIX=${prefix} npm link mylib --offline --no-audit --no-fund --loglevel=error`);
    const done = await provision(repo, await worktreeOf(repo, 'w1'), { link: ['node_modules'] });
    expect(done.refused.map((r) => r.path)).toEqual(['node_modules']);
  }, 120_000);

  it('node_modules built by setup in each worktree stays inside it, cached or not', async () => {
    const repo = repoWith(NODE_FILES);
    const w1 = await worktreeOf(repo, 'w1');
    expect((await provision(repo, w1, { setup: [NPM_INSTALL] })).refused).toEqual([]);
    const w2 = await worktreeOf(repo, 'w2');
    const done = await provision(repo, w2, { setup: [NPM_INSTALL] });
    expect(done.setup.reused).toBe(true);
    expect(done.refused).toEqual([]);
    expect(realpathSync(join(w2, 'node_modules/mylib'))).toBe(join(w2, 'libs/mylib'));
    writeFiles(w2, { 'libs/mylib/index.js': 'module.exports = 40;\n' });
    expect(status(w2, 'node main.js').output.trim()).toBe('42');
  }, 120_000);
});
