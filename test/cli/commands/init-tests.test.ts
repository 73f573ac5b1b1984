import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/toy-repo.js';
import { makeRepo } from '../../support/git-repo.js';

/**
 * `swarm init`'s goal flags and how it prints a test-gated evaluator's plan. The plans and the
 * evaluators they write, through the API: test/app/setup/init-tests-e2e.test.ts.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const repo = (files: Record<string, string>): string => {
  const made = makeRepo(files, 'swarm-init-tests-cli-');
  dirs.push(made.dir);
  return made.dir;
};

describe('swarm init with tests', () => {
  it('prints the tests that gate, the score with --metric --minimize and its spread, and how to change the goal', async () => {
    const dir = repo({
      'package.json': JSON.stringify({ name: 'toy', version: '1.0.0', main: 'index.js', scripts: { test: 'node --test' } }),
      'index.js': 'exports.add = (a, b) => a + b;\n',
      'test/add.test.js': "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('../index.js');\ntest('adds two numbers', () => assert.strictEqual(add(2, 3), 5));\n",
    });
    const init = await runCli(dir, ['init', '--metric', 'node -p 1', '--minimize']);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('tests: `npm test` (package.json scripts.test); they must pass, else the attempt is invalid');
    expect(init.stdout).toContain('score: score (minimize) = median of repeated runs of `sh -c node -p 1` (given with --metric: the last number it prints); its spread is reported as score_stderr');
    expect(init.stdout).toMatch(/to change the goal: .*--speed.*--metric.*--program/);
  });

  it('exits 2 when --speed and --metric name two goals', async () => {
    const dir = repo({ 'main.py': 'print(1)\n' });
    const both = await runCli(dir, ['init', '--speed', 'true', '--metric', 'true']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--speed and --metric name two goals; give one of them');
  });
});
