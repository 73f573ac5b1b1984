/** Terminal colour and style sequences (vitest and jest colour their output even into a pipe). */
// eslint-disable-next-line no-control-regex -- matching escape sequences is the point
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

export const stripAnsi = (text: string): string => text.replace(ANSI, '');

/** One line's failing test, by runner; null when the line names none. */
const LINE_PATTERNS: ReadonlyArray<(line: string) => string | null> = [
  // vitest (` FAIL  file > suite > test`), jest (` FAIL  file`), uvu (`FAIL  suite  "test"`); not go's `FAIL\tpkg\t0.1s`
  (line) => /^ *FAIL {1,2}(\S.*?)\s*$/.exec(line)?.[1] ?? null,
  // jest's failure headings: `● suite › test`
  (line) => {
    const name = /^\s*● (\S.*?)\s*$/.exec(line)?.[1];
    return name === undefined || name === 'Test suite failed to run' ? null : name;
  },
  // pytest's short summary: `FAILED tests/test_x.py::test_a - AssertionError`, `ERROR tests/test_y.py`
  (line) => /^(?:FAILED|ERROR) (\S+::\S+|\S+\.py)(?:\s|$)/.exec(line)?.[1] ?? null,
  // unittest: `FAIL: test_sub (test_calc.TestCalc.test_sub)`
  (line) => {
    const match = /^(?:FAIL|ERROR): (\S+)(?: \(([^)]+)\))?/.exec(line);
    return match === null ? null : (match[2] ?? match[1] ?? null);
  },
  // cargo test: `test tests::adds ... FAILED`
  (line) => /^test (\S+) \.\.\. FAILED$/.exec(line)?.[1] ?? null,
  // go test: `--- FAIL: TestAdd (0.00s)`
  (line) => /^\s*--- FAIL: (\S+)/.exec(line)?.[1] ?? null,
  // node --test, spec reporter: `✖ adds (1.2ms)`
  (line) => {
    const name = /^\s*✖ (\S.*?)(?: \([\d.]+m?s\))?\s*$/.exec(line)?.[1];
    return name === undefined || name === 'failing tests:' ? null : name;
  },
];

/** node --test's TAP (its reporter into a pipe): `not ok 1 - adds`, except a suite whose subtests failed. */
const tapFailures = (lines: readonly string[]): string[] => {
  const names: string[] = [];
  lines.forEach((line, i) => {
    const name = /^\s*not ok \d+ - (.+?)(?:\s+# .*)?\s*$/.exec(line)?.[1];
    if (name === undefined) return;
    const details = lines.slice(i + 1, i + 8);
    if (details.some((d) => /failureType: 'subtestsFailed'/.test(d))) return;
    names.push(name);
  });
  return names;
};

/** mocha's failure list after `N failing`: `  1) suite` and, indented below, `     test:`. */
const mochaFailures = (lines: readonly string[]): string[] => {
  const start = lines.findIndex((line) => /^\s*\d+ failing\b/.test(line));
  if (start < 0) return [];
  const names: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const head = /^(\s*)\d+\) (\S.*?)\s*$/.exec(lines[i] ?? '');
    if (head === null) continue;
    const parts = [head[2] ?? ''];
    if (parts[0]?.endsWith(':') === true) {
      names.push(parts[0].replace(/:$/, ''));
      continue;
    }
    // Nested titles follow, each indented further, the last ending with ':'.
    for (let j = i + 1; j < lines.length; j++) {
      const next = /^(\s+)(\S.*?)\s*$/.exec(lines[j] ?? '');
      if (next === null || (next[1] ?? '').length <= (head[1] ?? '').length) break;
      parts.push((next[2] ?? '').replace(/:$/, ''));
      if ((next[2] ?? '').endsWith(':')) break;
    }
    names.push(parts.join(' ').replace(/:$/, ''));
  }
  return names;
};

/**
 * The failing tests a test runner's output names, in order, each once: vitest, jest, uvu, mocha,
 * node --test (spec and TAP), pytest, unittest, cargo test, go test. Empty when it names none.
 */
export const failingTests = (output: string): string[] => {
  const lines = stripAnsi(output).split('\n');
  const names = [...mochaFailures(lines), ...tapFailures(lines)];
  for (const line of lines) {
    for (const pattern of LINE_PATTERNS) {
      const name = pattern(line);
      if (name !== null) {
        names.push(name);
        break;
      }
    }
  }
  return [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
};

/** `N failing tests: a, b, c (+k more)`, within `max` characters; null when none fail. */
export const describeFailingTests = (names: readonly string[], max = 300): string | null => {
  if (names.length === 0) return null;
  const head = `${names.length} failing test${names.length === 1 ? '' : 's'}: `;
  let listed = '';
  let shown = 0;
  for (const name of names) {
    const more = names.length - shown - 1;
    const next = `${listed}${shown > 0 ? ', ' : ''}${name}`;
    const tail = more > 0 ? ` (+${more} more)` : '';
    if (shown > 0 && head.length + next.length + tail.length > max) break;
    listed = next;
    shown++;
  }
  const rest = names.length - shown;
  const text = `${head}${listed}${rest > 0 ? ` (+${rest} more)` : ''}`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};
