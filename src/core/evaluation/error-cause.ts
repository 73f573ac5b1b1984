import { describeFailingTests, failingTests, stripAnsi } from './failing-tests.js';
import { npmErrorReason } from './npm-error.js';

/** Lines that name an error: a Python exception, a shell's complaint, a Node error code, a panic. */
const NAMES_ERROR = [
  /^\s*([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning))(?::|$)/,
  /: (?:command )?not found\s*$/i,
  /No such file or directory|can't open file|Permission denied|cannot find module|ENOENT|EACCES/i,
  /^\s*(?:error|fatal|panic)(?:\[[^\]]*\])?[: ]/i,
  /^thread '.*' panicked/,
];

const MAX_CAUSE_CHARS = 300;

/** Python's own `raise` echo lines and traceback frames, which never name the error themselves. */
const isFrame = (line: string): boolean => /^\s*(?:File "|Traceback \(most recent call last\)|\^+\s*$|at .+\(.+:\d+:\d+\)$)/.test(line);

const cut = (text: string): string => (text.length > MAX_CAUSE_CHARS ? `${text.slice(0, MAX_CAUSE_CHARS - 1)}…` : text);

/** The last line that names an error, else the last that is not a stack frame; null for none. */
const pickLine = (lines: readonly string[]): string | null => {
  if (lines.length === 0) return null;
  const named = [...lines].reverse().find((line) => NAMES_ERROR.some((pattern) => pattern.test(line)));
  return (named ?? [...lines].reverse().find((line) => !isFrame(line)) ?? lines.at(-1) ?? '').trim();
};

/**
 * What an evaluator's (or a setup command's) output says went wrong, in this order: the failing
 * tests a test runner names (vitest, jest, uvu, mocha, node --test, pytest, unittest, cargo test,
 * go test; read in stdout and stderr), npm's reason from its `npm error` lines (not its usage
 * text), else the last line of stderr that looks like an error (a Python traceback's last line,
 * `sh: 1: foo: not found`, `Error: Cannot find module 'x'`), else its last non-empty line that is
 * not a stack frame. Null when there is no output. Cut to a few hundred characters.
 */
export const errorCause = (stderrTail: string, stdoutTail = ''): string | null => {
  const failing = describeFailingTests(failingTests(`${stdoutTail}\n${stderrTail}`), MAX_CAUSE_CHARS);
  if (failing !== null) return failing;
  const lines = stripAnsi(stderrTail).split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
  const npm = npmErrorReason(lines);
  if (npm !== null) {
    // A failed lifecycle script: its own last words come before npm's lines.
    const own = npm.startsWith('`') ? pickLine(lines.filter((line) => !/^npm (?:error|ERR!)/.test(line.trim()))) : null;
    return cut(own === null ? `npm: ${npm}` : `npm: ${npm}: ${own}`);
  }
  const chosen = pickLine(lines);
  return chosen === null ? null : cut(chosen);
};

/** `reason` followed by the cause named in the output, when there is one and the reason lacks it. */
export const withCause = (reason: string, stderrTail: string, stdoutTail = ''): string => {
  const cause = errorCause(stderrTail, stdoutTail);
  return cause === null || reason.includes(cause) ? reason : `${reason}: ${cause}`;
};
