import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

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
 * Whether the checkout's `.venv` has the project installed editable (a setuptools finder or
 * `.pth` path, an `.egg-link`, or a `.pth` naming a folder of the checkout outside the venv):
 * linked into a worktree it would run the checkout's code, so it must be built per worktree.
 */
export const venvHasEditableInstall = (dir: string): boolean => {
  const venv = join(dir, '.venv');
  const sites = ['lib', 'lib64'].flatMap((lib) => list(join(venv, lib)).filter((name) => name.startsWith('python')).map((name) => join(venv, lib, name, 'site-packages')));
  return sites.some((site) => list(site).some((name) => {
    if (name.startsWith('__editable__') || name.endsWith('.egg-link')) return true;
    if (!name.endsWith('.pth')) return false;
    return read(site, name).split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('import'))
      .some((line) => {
        const target = resolve(site, line);
        const fromDir = relative(dir, target);
        return isAbsolute(target) && !fromDir.startsWith('..') && !fromDir.startsWith('.venv');
      });
  }));
};
