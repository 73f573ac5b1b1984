/** Lines codex prints on stderr in every run, which say nothing about why a run failed. */
const NOISE = [
  /^Reading additional input from stdin/,
  /^WARNING: proceeding, even though we could not create PATH aliases/,
  // A release build's backtrace has no symbols: frames of `<unknown>` after the real error line.
  /^Stack backtrace:$/,
  /^\d+: <unknown>$/,
  /^note: Some details are omitted/,
];

/** Codex's stderr without its routine chatter, so a failure's reason shows the real cause. */
export const withoutCodexNoise = (stderr: string): string =>
  stderr.split('\n').filter((line) => !NOISE.some((pattern) => pattern.test(line.trim()))).join('\n');
