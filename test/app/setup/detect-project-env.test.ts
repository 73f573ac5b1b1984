import { execSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { detectProject, detectProjectKind } from '../../../src/app/setup/detect-project.js';
import { initProject } from '../../../src/app/setup/init-project.js';
import { checkoutVenvEscapes } from '../../../src/app/setup/python-setup.js';
import { linkShared } from '../../../src/workspace/provision/shared-links.js';
import { makeRepo, makeTempDir, writeFiles, type TempRepo } from '../../support/git-repo.js';
import { EDITABLE_VENV, hasPythonVenv, PIP_ENV, SORTY_FILES } from '../../support/python-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const repoWith = (files: Record<string, string>, untracked: Record<string, string> = {}): TempRepo => {
  const repo = makeRepo(files);
  cleanups.push(repo.cleanup);
  writeFiles(repo.dir, untracked);
  return repo;
};

const PYPROJECT = '[project]\nname = "p"\nversion = "0.1"\n';

describe('lock-file installs only where git tracks the lock file', () => {
  it('an ignored package-lock.json gets `npm install` and a note, never `npm ci`', async () => {
    const repo = repoWith({ '.gitignore': '*-lock.*\nnode_modules/\n', 'package.json': '{"name":"x"}' }, { 'package-lock.json': '{}' });
    const proposal = await detectProject(repo.dir);
    expect(proposal.setup).toEqual(['npm install --prefer-offline --no-audit --no-fund']);
    expect(proposal.checkoutHint).toContain('package-lock.json is not tracked by git');
    // Without asking git (the old behaviour), the file's presence alone proposed `npm ci`.
    expect(detectProjectKind(repo.dir).setup[0]).toMatch(/^npm ci /);
  });

  it('a tracked lock file keeps its frozen install: npm, pnpm, yarn, and bun', async () => {
    const cases: Array<[string, RegExp]> = [['package-lock.json', /^npm ci /], ['pnpm-lock.yaml', /^pnpm install --frozen-lockfile/], ['yarn.lock', /^yarn install --frozen-lockfile/], ['bun.lock', /^bun install --frozen-lockfile$/]];
    for (const [lock, install] of cases) {
      const repo = repoWith({ 'package.json': '{"name":"x"}', [lock]: '{}' });
      const proposal = await detectProject(repo.dir);
      expect(proposal.setup[0]).toMatch(install);
      expect(proposal.checkoutHint).toBeNull();
    }
    const untracked = repoWith({ 'package.json': '{"name":"x"}' }, { 'bun.lockb': 'x' });
    expect((await detectProject(untracked.dir)).setup[0]).toBe('bun install');
  });
});

describe('Python setup installs what the tests need', () => {
  it('the test extra, else pytest when the project has tests, else the package alone', async () => {
    const withExtra = repoWith({ 'pyproject.toml': `${PYPROJECT}\n[project.optional-dependencies]\ndocs = ["sphinx"]\ntest = ["pytest", "hypothesis"]\n\n[tool.x]\ny = 1\n` });
    expect((await detectProject(withExtra.dir)).setup).toEqual(['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e ".[test]"']);
    const withTests = repoWith({ 'pyproject.toml': PYPROJECT, 'tests/test_a.py': 'def test_a(): pass\n' });
    expect((await detectProject(withTests.dir)).setup[1]).toBe('.venv/bin/python -m pip install --quiet -e . pytest');
    const bare = repoWith({ 'pyproject.toml': PYPROJECT, 'main.py': 'print(1)\n' });
    expect((await detectProject(bare.dir)).setup[1]).toBe('.venv/bin/python -m pip install --quiet -e .');
    const requirements = repoWith({ 'requirements.txt': 'numpy\n', 'requirements-dev.txt': 'pytest\n' });
    expect((await detectProject(requirements.dir)).setup[1]).toBe('.venv/bin/python -m pip install --quiet -r requirements.txt -r requirements-dev.txt');
    const uv = repoWith({ 'pyproject.toml': `${PYPROJECT}[project.optional-dependencies]\ntests = ["pytest"]\n`, 'uv.lock': '' });
    expect((await detectProject(uv.dir)).setup).toEqual(['uv sync --frozen --extra tests']);
  });

  it('a .venv linked from outside the checkout or a .pth into the checkout: the same scan as provisioning decides', async () => {
    const site = '.venv/lib/python3.11/site-packages';
    const srcLayout = repoWith({ '.gitignore': '.venv/\n', 'pyproject.toml': PYPROJECT }, { '.venv/bin/python': '', '.venv/pyvenv.cfg': 'home = /usr/bin\n' });
    writeFiles(srcLayout.dir, { [`${site}/_p_dev.pth`]: `${srcLayout.dir}/src\n` });
    expect(await detectProject(srcLayout.dir)).toMatchObject({ linkVenv: false, setup: ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e .'] });
    const plain = repoWith({ '.gitignore': '.venv/\n', 'requirements.txt': 'numpy\n' }, { '.venv/bin/python': '', '.venv/pyvenv.cfg': 'home = /usr/bin\n', [`${site}/distutils-precedence.pth`]: 'import os\n' });
    expect(await detectProject(plain.dir)).toMatchObject({ linkVenv: true, setup: [] });
  });
});

/** A six-like setup.py module with a pytest test, installed the way the corpus's six is. */
const SETUP_PY_FILES: Record<string, string> = {
  '.gitignore': '.venv/\n*.egg-info/\n',
  'setup.py': 'from setuptools import setup\nsetup(name="modly", version="0.1", py_modules=["modly"])\n',
  'modly.py': 'def double(x):\n    return 2 * x\n',
  'test_modly.py': 'from modly import double\n\n\ndef test_double():\n    assert double(2) == 4\n',
};
/** Without build isolation setuptools needs wheel in the venv (from this machine's index). */
const VENV_WITH_WHEEL = 'python3 -m venv .venv && .venv/bin/python -m pip install --quiet wheel';
const pipEnv = Object.entries(PIP_ENV).map(([k, v]) => `${k}=${v}`).join(' ');
const sh = (dir: string, command: string): void => {
  execSync(`${pipEnv} sh -c '${command}'`, { cwd: dir, stdio: 'pipe' });
};

describe.skipIf(!hasPythonVenv)('init and provisioning share one editable detector (real venvs)', () => {
  const cases: Array<[string, Record<string, string>, string, RegExp]> = [
    // setuptools without build isolation writes an .egg-link and easy-install.pth (six in the corpus).
    ['setup.py, pip install --no-build-isolation -e .', SETUP_PY_FILES, `${VENV_WITH_WHEEL} && .venv/bin/python -m pip install --quiet --no-build-isolation -e .`, /\.egg-link|\.pth path/],
    // setuptools >= 64 with a pyproject writes an __editable__ finder holding MAPPING.
    ['pyproject, pip install -e ".[test]"', SORTY_FILES, EDITABLE_VENV, /editable finder \(MAPPING\)|direct_url/],
  ];
  for (const [name, files, install, how] of cases) {
    it(`${name}: init proposes a per-worktree setup, never the .venv in workspace.link`, async () => {
      const repo = repoWith(files);
      sh(repo.dir, install);
      const escapes = await checkoutVenvEscapes(repo.dir);
      expect(escapes.map((e) => e.how).join(' ')).toMatch(how);
      const proposal = await detectProject(repo.dir);
      expect(proposal).toMatchObject({ linkVenv: false, python: '.venv/bin/python' });
      expect(proposal.setup[0]).toBe('python3 -m venv .venv');
      const init = await initProject({ dir: repo.dir });
      expect(init.link).not.toContain('.venv');
      expect(init.setup[0]).toBe('python3 -m venv .venv');
      // pytest is installed once, not by a second line.
      expect(init.setup.filter((command) => /pytest|\[test\]/.test(command))).toHaveLength(1);
      // Provisioning's own check agrees: linking this .venv would be refused.
      const worktree = makeTempDir();
      cleanups.push(worktree.cleanup);
      const linked = await linkShared(repo.dir, worktree.dir, ['.venv']);
      expect(linked.refused.map((r) => r.path)).toEqual(['.venv']);
    }, 120_000);
  }

  it('a .venv with the package installed, not editable, is linked (it holds no code of the checkout)', async () => {
    const repo = repoWith(SETUP_PY_FILES);
    sh(repo.dir, `${VENV_WITH_WHEEL} && .venv/bin/python -m pip install --quiet --no-build-isolation .`);
    expect(await checkoutVenvEscapes(repo.dir)).toEqual([]);
    const init = await initProject({ dir: repo.dir });
    expect(init.link).toEqual(['.venv']);
    expect(init.setup).toEqual([]);
  }, 120_000);
});
