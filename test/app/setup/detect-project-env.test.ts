import { afterEach, describe, expect, it } from 'vitest';
import { detectProject, detectProjectKind } from '../../../src/app/setup/detect-project.js';
import { makeRepo, writeFiles, type TempRepo } from '../../support/git-repo.js';

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

  it('a checkout .venv with the project installed editable is built per worktree, never linked; one without is linked', async () => {
    const site = '.venv/lib/python3.11/site-packages';
    const editable = repoWith({ '.gitignore': '.venv/\n', 'pyproject.toml': PYPROJECT, 'tests/test_a.py': '' }, { '.venv/bin/python': '', [`${site}/__editable__.p-0.1.pth`]: 'import __editable___p_finder\n' });
    const proposal = await detectProject(editable.dir);
    expect(proposal).toMatchObject({ linkVenv: false, setup: ['python3 -m venv .venv', '.venv/bin/python -m pip install --quiet -e . pytest'], python: '.venv/bin/python' });
    const srcLayout = repoWith({ '.gitignore': '.venv/\n', 'pyproject.toml': PYPROJECT }, { '.venv/bin/python': '' });
    writeFiles(srcLayout.dir, { [`${site}/__editable__.p-0.1.pth`.replace('__editable__.', '_p_dev.')]: `${srcLayout.dir}/src\n` });
    expect((await detectProject(srcLayout.dir)).linkVenv).toBe(false);
    const plain = repoWith({ '.gitignore': '.venv/\n', 'requirements.txt': 'numpy\n' }, { '.venv/bin/python': '', [`${site}/distutils-precedence.pth`]: 'import os\n' });
    expect(await detectProject(plain.dir)).toMatchObject({ linkVenv: true, setup: [] });
  });
});
