import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** How a measured command's output becomes a number (the evaluator template's `SCORE.parse`). */
export type ScoreParse = 'wall-time' | 'ns-per-op' | 'json-mean' | 'last-number';

/** A command the test-gated evaluator runs, and why init chose it. */
export interface FoundCommand {
  argv: string[];
  reason: string;
  /** How to time the tests alone when `argv` also runs hooks (a `pretest` build); default `argv`. */
  timedArgv?: string[];
}

/** What init found of a project's own tests and benchmark. */
export interface TestsFound {
  ecosystem: 'node' | 'python' | 'rust' | 'go';
  tests: FoundCommand;
  bench: (FoundCommand & { parse: ScoreParse; metric: string }) | null;
  /** Globs of the tracked test and benchmark files, for evaluator.protect. */
  protect: string[];
}

const packageSchema = z.looseObject({
  scripts: z.record(z.string(), z.string()).optional(),
  devDependencies: z.record(z.string(), z.string()).optional(),
  dependencies: z.record(z.string(), z.string()).optional(),
});

const readText = (dir: string, file: string): string => {
  try {
    return readFileSync(join(dir, file), 'utf8');
  } catch {
    return '';
  }
};

const readPackage = (dir: string): z.infer<typeof packageSchema> | null => {
  try {
    const parsed = packageSchema.safeParse(JSON.parse(readText(dir, 'package.json')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** npm's placeholder for a package without tests. */
const NO_TEST = /no test specified/;
const TEST_DIRS = ['test', 'tests', '__tests__', 'spec'];
/** The files `node --test` runs by default (Node 20). */
const NODE_TEST_FILE = /(^|\/)(test\/.*|[^/]*[._-]test|test-[^/]*|test)\.[cm]?js$/;
const BENCH_DIRS = ['bench', 'benches', 'benchmark', 'benchmarks'];

const TEST_NAME = /^(.*\.(test|spec|bench)\.[cm]?[jt]sx?|test_.*\.py|.*_test\.(py|go)|conftest\.py)$/;

/**
 * Globs for evaluator.protect, anchored where the tracked files are: a test or benchmark folder
 * whole (`test/**`, `src/test/**`, `h11/tests/**`), and test files elsewhere by their pattern in
 * their own folder (`src/*.test.*`, `pkg/test_*.py`). Anchored, so a build that copies tests into
 * `dist/test/` does not write into a protected path.
 */
export const testFileGlobs = (tracked: readonly string[]): string[] => {
  const globs = new Set<string>();
  for (const file of tracked) {
    const parts = file.split('/');
    const name = parts.pop() ?? '';
    const folder = parts.findIndex((part, i) => TEST_DIRS.includes(part) || (i === 0 && BENCH_DIRS.includes(part)));
    const prefix = (count: number): string => parts.slice(0, count).map((part) => `${part}/`).join('');
    if (folder !== -1) globs.add(`${prefix(folder + 1)}**`);
    else if (TEST_NAME.test(name)) {
      const kind = /\.(test|spec|bench)\./.exec(name)?.[1];
      const pattern = kind !== undefined ? `*.${kind}.*` : name.startsWith('test_') ? 'test_*.py' : name === 'conftest.py' ? name : `*_test.${name.endsWith('.go') ? 'go' : 'py'}`;
      globs.add(`${prefix(parts.length)}${pattern}`);
    }
  }
  return [...globs].sort();
};

const nodeTests = (dir: string, tracked: readonly string[]): TestsFound | null => {
  const pkg = readPackage(dir);
  if (pkg === null) return null;
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const scripts = pkg.scripts ?? {};
  const bin = (name: string, ...args: string[]): string[] => ['npx', '--no-install', name, ...args];
  let tests: FoundCommand | null = null;
  if (scripts.test !== undefined && !NO_TEST.test(scripts.test)) {
    const hooks = ['pretest', 'posttest'].filter((hook) => scripts[hook] !== undefined);
    tests = { argv: ['npm', 'test'], reason: `package.json scripts.test${hooks.length > 0 ? ` (with ${hooks.join(', ')})` : ''}` };
    // The gate runs the hooks (a pretest build included); the timing runs the tests alone.
    if (hooks.length > 0) tests.timedArgv = ['npm', 'test', '--ignore-scripts'];
  } else if (deps.vitest !== undefined) tests = { argv: bin('vitest', 'run'), reason: 'vitest in devDependencies' };
  else if (deps.jest !== undefined) tests = { argv: bin('jest'), reason: 'jest in devDependencies' };
  else if (deps.uvu !== undefined) tests = { argv: bin('uvu', TEST_DIRS.find((d) => existsSync(join(dir, d))) ?? 'test'), reason: 'uvu in devDependencies' };
  else if (deps.mocha !== undefined) tests = { argv: bin('mocha'), reason: 'mocha in devDependencies' };
  else if (tracked.some((file) => NODE_TEST_FILE.test(file))) tests = { argv: ['node', '--test'], reason: 'test files that node --test finds' };
  if (tests === null) return null;
  const benchScript = ['bench', 'benchmark'].find((name) => scripts[name] !== undefined);
  const vitestBench = deps.vitest !== undefined && tracked.some((file) => /\.bench\.[cm]?[jt]sx?$/.test(file));
  const bench = benchScript !== undefined
    ? { argv: ['npm', 'run', '--silent', benchScript], reason: `package.json scripts.${benchScript}`, parse: 'wall-time' as const, metric: 'seconds' }
    : vitestBench
      ? { argv: bin('vitest', 'bench', '--run', '--outputJson', '{json}'), reason: 'vitest bench files', parse: 'json-mean' as const, metric: 'bench_mean' }
      : null;
  return { ecosystem: 'node', tests, bench, protect: testFileGlobs(tracked) };
};

/** Whether the project's Python tests are unittest's: its config runs `-m unittest`, or every test file imports unittest and none pytest. */
const unittestStyle = (dir: string, config: string, tracked: readonly string[]): boolean => {
  if (/-m["',\s]+unittest\b|\bunittest discover\b/.test(config)) return true;
  const sources = tracked
    .filter((file) => /(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(file) || (TEST_DIRS.some((d) => file.startsWith(`${d}/`)) && file.endsWith('.py')))
    .slice(0, 50).map((file) => readText(dir, file));
  const tests = sources.filter((text) => /^\s*def test|^class \w+/m.test(text));
  return tests.length > 0 && !sources.some((text) => /^\s*(import pytest|from pytest\b)/m.test(text)) && tests.every((text) => /^\s*(import unittest|from unittest\b)/m.test(text));
};

/** `python -m unittest discover`, from the tests folder when it is not a package (discovery enters packages only). */
const unittestArgv = (python: string[], tracked: readonly string[]): string[] => {
  const folder = TEST_DIRS.find((d) => tracked.some((file) => file.startsWith(`${d}/`) && file.endsWith('.py')));
  const packaged = folder !== undefined && tracked.includes(`${folder}/__init__.py`);
  return [...python, '-m', 'unittest', 'discover', ...(folder !== undefined && !packaged ? ['-s', folder] : [])];
};

const pythonTests = (dir: string, tracked: readonly string[], python: string[]): TestsFound | null => {
  const config = ['pyproject.toml', 'setup.cfg', 'tox.ini', 'pytest.ini', 'requirements-dev.txt', 'requirements.txt'].map((file) => readText(dir, file)).join('\n');
  const testFiles = tracked.filter((file) => /(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(file));
  const pytestNamed = /pytest/.test(config) || tracked.some((file) => /(^|\/)conftest\.py$/.test(file));
  const pytestSaid = pytestNamed || TEST_DIRS.some((d) => tracked.some((file) => file.startsWith(`${d}/`)));
  if (!pytestSaid && testFiles.length === 0) return null;
  const protect = testFileGlobs(tracked);
  if (!pytestNamed && unittestStyle(dir, config, tracked)) {
    return { ecosystem: 'python', tests: { argv: unittestArgv(python, tracked), reason: 'unittest tests (the project runs `python -m unittest`, or its test files import unittest and no pytest)' }, bench: null, protect };
  }
  if (!pytestSaid) {
    return { ecosystem: 'python', tests: { argv: [...python, '-m', 'unittest', 'discover'], reason: 'test_*.py files and no pytest configuration: unittest' }, bench: null, protect };
  }
  const why = /\[tool\.pytest|\[tool:pytest\]|\[pytest\]/.test(config) ? 'pytest configured in the project' : /pytest/.test(config) ? 'pytest named in the project files' : 'a tests folder (pytest)';
  const tests = { argv: [...python, '-m', 'pytest', '-p', 'no:cacheprovider'], reason: why };
  const bench = /pytest-benchmark/.test(config)
    ? { argv: [...python, '-m', 'pytest', '-p', 'no:cacheprovider', '-q', '--benchmark-only', '--benchmark-json={json}'], reason: 'pytest-benchmark', parse: 'json-mean' as const, metric: 'bench_mean' }
    : null;
  return { ecosystem: 'python', tests, bench, protect };
};

const rustTests = (dir: string, tracked: readonly string[]): TestsFound => {
  const benchFiles = tracked.filter((file) => file.startsWith('benches/') && file.endsWith('.rs'));
  // libtest benches (#![feature(test)]) need a nightly toolchain; criterion's need its download.
  const stable = benchFiles.length > 0 && benchFiles.every((file) => !/#!\[feature\(test\)\]/.test(readText(dir, file)));
  const benches = stable && /criterion|\[\[bench\]\]/.test(readText(dir, 'Cargo.toml'));
  return {
    ecosystem: 'rust',
    tests: { argv: ['cargo', 'test', '--offline'], reason: 'Cargo.toml' },
    // criterion's defaults (3 s warm-up, 5 s per benchmark) would make every evaluation minutes long.
    bench: benches ? { argv: ['cargo', 'bench', '--offline', '--', '--warm-up-time', '0.5', '--measurement-time', '1'], reason: 'cargo benches', parse: 'ns-per-op', metric: 'bench_ns' } : null,
    protect: testFileGlobs(tracked),
  };
};

const goTests = (dir: string, tracked: readonly string[]): TestsFound => {
  const benches = tracked.some((file) => file.endsWith('_test.go') && /func Benchmark/.test(readText(dir, file)));
  return {
    ecosystem: 'go',
    // -count=1: go caches test results, and a cached run measures nothing.
    tests: { argv: ['go', 'test', '-count=1', './...'], reason: 'go.mod' },
    bench: benches ? { argv: ['go', 'test', '-run', '^$', '-bench', '.', '-benchtime', '200ms', './...'], reason: 'Benchmark functions', parse: 'ns-per-op', metric: 'bench_ns' } : null,
    protect: testFileGlobs(tracked),
  };
};

/**
 * The project's own test command (and benchmark, where it has one) by ecosystem: package.json's
 * `scripts.test` or the runner in its devDependencies; pytest, else unittest; `cargo test`;
 * `go test ./...`. `python` is how the evaluator starts the project's Python. Null: no tests found.
 */
export const detectTests = (dir: string, tracked: readonly string[], python: string[]): TestsFound | null => {
  const has = (file: string): boolean => existsSync(join(dir, file));
  if (['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'uv.lock', 'poetry.lock'].some(has)) {
    const found = pythonTests(dir, tracked, python);
    if (found !== null) return found;
  }
  if (has('package.json')) return nodeTests(dir, tracked);
  if (has('Cargo.toml')) return rustTests(dir, tracked);
  if (has('go.mod')) return goTests(dir, tracked);
  return tracked.some((file) => file.endsWith('.py')) ? pythonTests(dir, tracked, python) : null;
};
