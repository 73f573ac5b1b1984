import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config-assembly/index.js';
import { parseJsonc } from '../../../src/config/parse-jsonc.js';
import { evaluate as evaluateCheckout, init as initProject, isSwarmError, type GoalFlag, type InitResult } from '../../../src/index.js';
import { thrownBy } from '../../support/api-run.js';
import { makeRepo } from '../../support/git-repo.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' });

/** A committed git repository holding these files. */
const repo = (files: Record<string, string>): string => {
  const made = makeRepo(files, 'swarm-init-tests-');
  dirs.push(made.dir);
  return made.dir;
};

const config = (dir: string): ReturnType<typeof configSchema.parse> => {
  const parsed = parseJsonc(readFileSync(join(dir, '.swarmrc.json'), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error.reason);
  return configSchema.parse(parsed.value);
};

/** init through the API with no goal (or this one), commit what it wrote, evaluate the checkout. */
const initAndEval = async (dir: string, goal?: GoalFlag): Promise<{ init: InitResult; result: Record<string, unknown> }> => {
  const result = await initProject({ dir, ...(goal !== undefined ? { goal } : {}) });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'swarm init');
  return { init: result, result: await evaluate(dir) };
};

/** `swarm eval` of the checkout through the API; `valid`: whether the evaluation must be valid. */
const evaluate = async (dir: string, valid = true): Promise<Record<string, unknown>> => {
  const evaluation = await evaluateCheckout({ cwd: dir, signal: new AbortController().signal });
  expect(evaluation.valid, JSON.stringify(evaluation)).toBe(valid);
  return { ...evaluation };
};

const breakCode = (dir: string, file: string, from: string, to: string): void => {
  writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace(from, to));
  git(dir, 'commit', '-q', '-am', 'break it');
};

/** What the CLI prints of the plan, and its flags: test/cli/commands/init-tests.test.ts. */
describe('swarm init writes a test-gated evaluator (issue 38, item 1)', () => {
  it('npm with node --test: passing tests score the suite\'s median time with its spread; a broken function is invalid, named in the feedback', async () => {
    const dir = repo({
      'package.json': JSON.stringify({ name: 'toy', version: '1.0.0', main: 'index.js', scripts: { test: 'node --test' } }),
      'index.js': 'exports.add = (a, b) => a + b;\n',
      'test/add.test.js': "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('../index.js');\ntest('adds two numbers', () => assert.strictEqual(add(2, 3), 5));\n",
    });
    const { init, result } = await initAndEval(dir);
    expect(init.testGated?.tests).toEqual({ command: 'npm test', reason: 'package.json scripts.test' });
    expect(init.testGated?.score.spreadKey).toBe('score_stderr');
    expect(config(dir).objective).toMatchObject({ metric: 'seconds', direction: 'minimize' });
    expect(config(dir).evaluator.protect).toEqual(['evaluate.mjs', 'test/**']);
    expect(result).toMatchObject({ valid: true, metrics: { runs: 5 } });
    expect(result.score).toBeGreaterThan(0);
    breakCode(dir, 'index.js', 'a + b', 'a - b');
    const broken = await evaluate(dir, false);
    expect(broken).toMatchObject({ valid: false });
    expect(String(broken.feedback)).toMatch(/^tests failed: adds two numbers/);
  }, 120_000);

  it('npm with vitest in devDependencies and --metric: the gate runs vitest, the score is the number the command prints', async () => {
    const dir = repo({
      '.gitignore': 'node_modules\n',
      'package.json': JSON.stringify({ name: 'toy', type: 'module', devDependencies: { vitest: '*' } }),
      'src/sum.js': 'export const sum = (xs) => xs.reduce((a, b) => a + b, 0);\n',
      'src/sum.test.js': "import { expect, it } from 'vitest';\nimport { sum } from './sum.js';\nit('sums a list', () => expect(sum([1, 2, 3])).toBe(6));\n",
      'size.cjs': "console.log('chars'); console.log(require('node:fs').readFileSync('src/sum.js', 'utf8').length);\n",
    });
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
    const { init, result } = await initAndEval(dir, { metric: 'node size.cjs', direction: 'minimize' });
    expect(init.testGated?.tests).toEqual({ command: 'npx --no-install vitest run', reason: 'vitest in devDependencies' });
    expect(config(dir).objective).toMatchObject({ metric: 'score', direction: 'minimize' });
    expect(result).toMatchObject({ valid: true, score: 58 });
    breakCode(dir, 'src/sum.js', 'a + b', 'a * b');
    const broken = await evaluate(dir, false);
    expect(broken).toMatchObject({ valid: false });
    expect(String(broken.feedback)).toContain('sums a list');
  }, 120_000);

  it('Python with pytest in a .venv and --speed: the gate runs the venv\'s pytest, the score is the command\'s time; a failing test is named', async () => {
    const dir = repo({
      '.gitignore': '.venv/\n',
      'pyproject.toml': '[project]\nname = "calc"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'calc.py': 'def mean(xs):\n    return sum(xs) / len(xs)\n',
      'tests/test_calc.py': 'from calc import mean\n\ndef test_mean():\n    assert mean([1, 2, 3]) == 2\n',
    });
    execFileSync('python3', ['-m', 'venv', '--system-site-packages', '--without-pip', '.venv'], { cwd: dir });
    const { init, result } = await initAndEval(dir, { speed: '.venv/bin/python -c "import calc"' });
    expect(init.testGated?.tests).toEqual({ command: '.venv/bin/python -m pytest -p no:cacheprovider', reason: 'pytest configured in the project' });
    expect(init.testGated?.score).toMatchObject({ metric: 'seconds', direction: 'minimize', command: 'sh -c .venv/bin/python -c "import calc"', reason: 'given with --speed' });
    expect(config(dir).evaluator.protect).toEqual(['evaluate.mjs', 'tests/**']);
    expect(result).toMatchObject({ valid: true, metrics: { runs: 5 } });
    breakCode(dir, 'calc.py', 'len(xs)', '(len(xs) + 1)');
    const broken = await evaluate(dir, false);
    expect(String(broken.feedback)).toMatch(/^tests failed: tests\/test_calc\.py::test_mean/);
  }, 120_000);

  it('Rust: cargo test gates; an EVOLVE-BLOCK program keeps the "run my program" template', async () => {
    const dir = repo({
      '.gitignore': 'target\n',
      'Cargo.toml': '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': 'pub fn double(x: u32) -> u32 {\n    x * 2\n}\n',
      'tests/double.rs': '#[test]\nfn doubles_three() {\n    assert_eq!(calc::double(3), 6);\n}\n',
    });
    const { init, result } = await initAndEval(dir);
    expect(init.testGated?.tests).toEqual({ command: 'cargo test --offline', reason: 'Cargo.toml' });
    expect(result).toMatchObject({ valid: true });
    breakCode(dir, 'src/lib.rs', 'x * 2', 'x + 2');
    expect(String((await evaluate(dir, false)).feedback)).toMatch(/^tests failed: doubles_three/);

    const marked = repo({ 'main.py': '# EVOLVE-BLOCK-START\nX = 1\n# EVOLVE-BLOCK-END\nprint(X)\n', 'tests/test_main.py': 'def test_x():\n    assert True\n' });
    expect(await initProject({ dir: marked })).toMatchObject({ program: 'main.py', testGated: null });
    // A goal named by flag writes the test-gated evaluator even there; with a program it is a usage error.
    const speed = await initProject({ dir: marked, force: true, goal: { speed: 'python3 main.py' } });
    expect(speed).toMatchObject({ program: null, testGated: { tests: { command: 'python3 -m pytest -p no:cacheprovider' }, score: { command: 'sh -c python3 main.py', metric: 'seconds' } } });
    const both = await thrownBy(initProject({ dir: marked, force: true, goal: { speed: 'true' }, program: join(marked, 'main.py') }));
    expect(isSwarmError(both) && both.code).toBe('USAGE');
    expect(both instanceof Error && both.message).toContain('give one of them');
  }, 120_000);
});
