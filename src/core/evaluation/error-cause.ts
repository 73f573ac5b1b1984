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

/**
 * The line of an evaluator's (or a setup command's) error output that names what went wrong: the
 * last line that looks like an error (a Python traceback's last line, `sh: 1: foo: not found`,
 * `Error: Cannot find module 'x'`), else the last non-empty line that is not a stack frame.
 * Null when there is no output. Cut to a few hundred characters.
 */
export const errorCause = (stderrTail: string): string | null => {
  const lines = stderrTail.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  const named = [...lines].reverse().find((line) => NAMES_ERROR.some((pattern) => pattern.test(line)));
  const chosen = named ?? [...lines].reverse().find((line) => !isFrame(line)) ?? lines.at(-1) ?? '';
  const text = chosen.trim();
  return text.length > MAX_CAUSE_CHARS ? `${text.slice(0, MAX_CAUSE_CHARS - 1)}…` : text;
};

/** `reason` followed by the cause named in `stderrTail`, when there is one and the reason lacks it. */
export const withCause = (reason: string, stderrTail: string): string => {
  const cause = errorCause(stderrTail);
  return cause === null || reason.includes(cause) ? reason : `${reason}: ${cause}`;
};
