import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCause } from '../../src/core/evaluation/error-cause.js';
import { failingTests } from '../../src/core/evaluation/failing-tests.js';

/** Outputs recorded from the real tools (npm 10, vitest 4, pytest, python -m unittest, node 20 --test, cargo test). */
const recorded = (name: string): string => readFileSync(new URL(`../fixtures/error-output/${name}`, import.meta.url), 'utf8');

describe('the cause picker on recorded real outputs', () => {
  it('names npm ci\'s reason, not its usage text or its help line', () => {
    const noLock = errorCause(recorded('npm-ci-no-lockfile.stderr.txt'));
    expect(noLock).toMatch(/^npm: The `npm ci` command can only install with an existing package-lock.json or npm-shrinkwrap.json/);
    expect(noLock).not.toContain('npm help');
    expect(errorCause(recorded('npm-ci-out-of-sync.stderr.txt'))).toMatch(/^npm: `npm ci` can only install packages when your package.json and package-lock.json .* are in sync\..*Missing: left-pad@1\.3\.0 from lock file/);
  });

  it('names the command and the last words of a failing install script', () => {
    expect(errorCause(recorded('npm-ci-postinstall-fails.stderr.txt'))).toBe('npm: `sh -c node -e "console.error(42); process.exit(3)"` failed with code 3: 42');
  });

  it('finds npm\'s reason in the 16,000 bytes a setup command keeps, never picks its usage text', () => {
    const text = recorded('npm-ci-out-of-sync.stderr.txt');
    expect(errorCause(text.slice(-16_000))).toContain('Missing: left-pad@1.3.0 from lock file');
    // A tail that lost the reason says so rather than naming the command's description.
    expect(errorCause(text.slice(-4000))).toBe('npm: it printed its usage text; its reason, before that, was cut off (see the full log)');
  });

  it('names vitest\'s failing tests, coloured or not', () => {
    const names = ['sum.test.mjs > sum > adds two numbers', 'sum.test.mjs > top level fails'];
    expect(failingTests(recorded('vitest.stderr.txt'))).toEqual(names);
    expect(failingTests(recorded('vitest-colored.stderr.txt'))).toEqual(names);
    expect(errorCause(recorded('vitest-colored.stderr.txt'))).toBe(`2 failing tests: ${names.join(', ')}`);
  });

  it('names pytest\'s and unittest\'s failing tests', () => {
    expect(failingTests(recorded('pytest.stdout.txt'))).toEqual(['test_calc.py::test_add', 'test_calc.py::TestCalc::test_err', 'test_calc.py::TestCalc::test_sub']);
    expect(failingTests(recorded('unittest.stderr.txt'))).toEqual(['test_calc.TestCalc.test_err', 'test_calc.TestCalc.test_sub']);
    // pytest prints to stdout: the picker reads both streams.
    expect(errorCause('', recorded('pytest.stdout.txt'))).toBe('3 failing tests: test_calc.py::test_add, test_calc.py::TestCalc::test_err, test_calc.py::TestCalc::test_sub');
  });

  it('names node --test\'s failing tests (TAP into a pipe), not the suite around them', () => {
    expect(failingTests(recorded('node-test-tap.stdout.txt'))).toEqual(['adds', 'throws']);
  });

  it('names cargo test\'s failing tests over its "error: test failed" line', () => {
    expect(errorCause(recorded('cargo-test.stderr.txt'), recorded('cargo-test.stdout.txt'))).toBe('1 failing test: tests::adds');
  });
});
