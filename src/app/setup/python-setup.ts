import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envEscapes, type EnvEscape } from '../../workspace/provision/env-escapes.js';

const has = (dir: string, file: string): boolean => existsSync(join(dir, file));
const read = (dir: string, file: string): string => {
  try {
    return readFileSync(join(dir, file), 'utf8');
  } catch {
    return '';
  }
};
const list = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The test extra pyproject.toml declares (`[project.optional-dependencies]` test, tests, testing or dev), or null. */
export const testExtra = (dir: string): string | null => {
  const text = read(dir, 'pyproject.toml');
  const section = /^\[project\.optional-dependencies\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const names = [...section.matchAll(/^\s*([A-Za-z0-9_.-]+)\s*=/gm)].map((m) => m[1] ?? '');
  return ['test', 'tests', 'testing', 'dev'].find((name) => names.includes(name)) ?? null;
};

/** Whether the project's tests run under pytest: a tests folder, test files, a conftest or pytest's config. */
export const usesPytest = (dir: string): boolean =>
  has(dir, 'tests') || has(dir, 'test') || has(dir, 'conftest.py') || has(dir, 'pytest.ini')
  || /^\[tool\.pytest/m.test(read(dir, 'pyproject.toml')) || /^\[tool:pytest\]/m.test(read(dir, 'setup.cfg'))
  || list(dir).some((name) => /^test_.*\.py$|_test\.py$/.test(name));

/** The requirements file that holds the test tools (`requirements-dev.txt`, `requirements/test.txt`, …), or null. */
const testRequirements = (dir: string): string | null =>
  ['requirements-dev.txt', 'requirements-test.txt', 'requirements_dev.txt', 'requirements_test.txt', 'dev-requirements.txt', 'test-requirements.txt', 'requirements/dev.txt', 'requirements/test.txt']
    .find((file) => has(dir, file)) ?? null;

/**
 * The pip install that prepares a worktree's `.venv` with what the tests need: the project
 * editable with its test extra, or its requirements and the test requirements, else pytest when
 * the project's tests use it.
 */
export const pipInstall = (dir: string): string => {
  const pip = '.venv/bin/python -m pip install --quiet';
  if (has(dir, 'pyproject.toml') || has(dir, 'setup.py')) {
    const extra = testExtra(dir);
    if (extra !== null) return `${pip} -e ".[${extra}]"`;
    return `${pip} -e .${usesPytest(dir) ? ' pytest' : ''}`;
  }
  const tests = testRequirements(dir);
  if (tests !== null) return `${pip} -r requirements.txt -r ${tests}`;
  return `${pip} -r requirements.txt${usesPytest(dir) && !/^pytest\b/m.test(read(dir, 'requirements.txt')) ? ' pytest' : ''}`;
};

/**
 * What in the checkout's `.venv` makes code of the checkout the code that runs (an editable
 * install's `.pth` path or setuptools finder, an `.egg-link`, `direct_url.json`): the very scan
 * provisioning runs before it links a path (`linkShared`), so what init proposes to link is what
 * provisioning accepts. Non-empty: the `.venv` must be built per worktree, never linked. `root`
 * is the repository's top level (the whole checkout is off limits, not only the project folder).
 */
export const checkoutVenvEscapes = async (dir: string, root: string = dir): Promise<EnvEscape[]> => {
  const venv = join(dir, '.venv');
  return envEscapes(venv, { allowed: [venv], forbidden: [root] });
};
