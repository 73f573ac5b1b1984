/**
 * Lines codex prints on stderr in every run, which say nothing about why a run failed. Its refusal
 * to create its sandbox helper ("WARNING: proceeding, even though we could not create PATH aliases:
 * Refusing to create helper binaries under temporary dir") is not among them: with it, codex can
 * run no command and write no file (see {@link codexEditFailures}).
 */
const NOISE = [
  /^Reading additional input from stdin/,
  // A release build's backtrace has no symbols: frames of `<unknown>` after the real error line.
  /^Stack backtrace:$/,
  /^\d+: <unknown>$/,
  /^note: Some details are omitted/,
];

/** Codex's stderr without its routine chatter, so a failure's reason shows the real cause. */
export const withoutCodexNoise = (stderr: string): string =>
  stderr.split('\n').filter((line) => !NOISE.some((pattern) => pattern.test(line.trim()))).join('\n');

const HELPER_REFUSED = /Refusing to create helper binaries under temporary dir.*/;
const WRITE_FAILED = /^Failed to write file .+/;

/**
 * What codex's stderr says about writes that cannot happen: its refusal of the sandbox helper (a
 * CODEX_HOME under the system's temporary folder; then no command runs and no patch applies) and
 * each "Failed to write file …" of its patch tool, in codex's own words, the cause first.
 */
export const codexEditFailures = (stderr: string): string[] => {
  const lines = stderr.split('\n').map((line) => line.trim());
  const helper = lines.map((line) => HELPER_REFUSED.exec(line)?.[0]).find((match) => match !== undefined);
  const writes = [...new Set(lines.filter((line) => WRITE_FAILED.test(line)))];
  return [
    ...(helper === undefined ? [] : [`codex could not create its sandbox helper: ${helper}; point CODEX_HOME at a folder outside the temporary dir`]),
    ...writes,
  ];
};
