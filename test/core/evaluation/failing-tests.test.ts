import { describe, expect, it } from 'vitest';
import { describeFailingTests, failingTests } from '../../../src/core/evaluation/failing-tests.js';
import { npmErrorReason } from '../../../src/core/evaluation/npm-error.js';

describe('failingTests', () => {
  it('reads jest\'s failure headings and file lines', () => {
    const jest = [' FAIL  src/sum.test.js', '  sum', '    ✕ adds (3 ms)', '', '  ● sum › adds', '', '    expect(received).toBe(expected)'].join('\n');
    expect(failingTests(jest)).toEqual(['src/sum.test.js', 'sum › adds']);
  });

  it('reads mocha\'s failure list after "N failing", nested titles joined', () => {
    const mocha = ['  calc', '    1) adds', '', '  0 passing (5ms)', '  2 failing', '', '  1) calc', '       adds:', '     AssertionError [ERR_ASSERTION]: 2 == 3', '', '  2) throws:', '     Error: nope'].join('\n');
    expect(failingTests(mocha)).toEqual(['calc adds', 'throws']);
  });

  it('reads uvu, go test and node --test\'s spec reporter', () => {
    expect(failingTests('   FAIL  math  "sum"\n    Expected values to be deeply equal:')).toEqual(['math  "sum"']);
    expect(failingTests('--- FAIL: TestAdd (0.00s)\n    add_test.go:9: got 2\n    --- FAIL: TestAdd/zero (0.00s)\nFAIL\nFAIL\tex\t0.002s')).toEqual(['TestAdd', 'TestAdd/zero']);
    expect(failingTests('▶ calc\n  ✖ adds (1.0542ms)\n✖ calc (2.1ms)\n✖ failing tests:\n\n✖ adds (1.0542ms)')).toEqual(['adds', 'calc']);
  });

  it('names nothing in output without failures', () => {
    expect(failingTests('ok 1 - adds\n# pass 1\nFAILED (failures=0)? no\nall good')).toEqual([]);
  });
});

describe('describeFailingTests', () => {
  it('lists names within the limit and counts the rest', () => {
    expect(describeFailingTests([])).toBeNull();
    expect(describeFailingTests(['a'])).toBe('1 failing test: a');
    const many = Array.from({ length: 40 }, (_, i) => `tests/test_module.py::test_case_${i}`);
    const text = describeFailingTests(many, 120) ?? '';
    expect(text.length).toBeLessThanOrEqual(120);
    expect(text).toMatch(/^40 failing tests: tests\/test_module\.py::test_case_0, .* \(\+\d+ more\)$/);
  });
});

describe('npmErrorReason', () => {
  it('reads npm 6 to 9\'s `npm ERR!` lines and a 404', () => {
    const lines = ['npm ERR! code E404', 'npm ERR! 404 Not Found - GET https://registry.npmjs.org/no-such-pkg - Not found', 'npm ERR! 404', 'npm ERR! 404  \'no-such-pkg@1.0.0\' is not in this registry.', '', 'npm ERR! A complete log of this run can be found in:'];
    expect(npmErrorReason(lines)).toBe('404 Not Found - GET https://registry.npmjs.org/no-such-pkg - Not found 404 404  \'no-such-pkg@1.0.0\' is not in this registry.');
    expect(npmErrorReason(['plain output'])).toBeNull();
  });
});
