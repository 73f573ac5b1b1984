import { InvalidArgumentError } from 'commander';

/** Commander parser for a positive integer option, with a message naming the option's rule. */
export const positiveInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a positive integer, got "${value}"`);
  return n;
};

export const nonNegativeInt = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`expected an integer >= 0, got "${value}"`);
  return n;
};

/**
 * Commander parser for a number a flag writes into the config (`--agents` into concurrency.agents):
 * not judged here, so the config's validation reports every bad flag and setting at once, each
 * naming its flag. Text that is no number stays NaN, which the schema refuses.
 */
export const configNumber = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

/** Colors on a TTY unless NO_COLOR is set (https://no-color.org) or FORCE_COLOR asks for them. */
export const useColor = (stream: NodeJS.WriteStream): boolean =>
  process.env.NO_COLOR === undefined && (process.env.FORCE_COLOR !== undefined || stream.isTTY === true);

/** Machine output: indented on a terminal, compact when piped (a 10,000-attempt status: 4.9 instead of 6.9 MB). */
export const printJson = (value: unknown): void => {
  process.stdout.write(`${process.stdout.isTTY === true ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`);
};
