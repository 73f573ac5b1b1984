import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { secretRedactor, secretValues } from '../../core/trust/redact-secrets.js';

let redactor: ((text: string) => string) | null = null;
const carried = new Set<string>();

/**
 * Adds secret values found outside the environment (the values of a carried-in `.env`): from now
 * on they are redacted wherever `redactSecrets` is applied, like environment secrets.
 */
export const addRedactedValues = (values: readonly string[]): void => {
  const before = carried.size;
  for (const value of values) carried.add(value);
  if (carried.size !== before) redactor = null;
};

/** How many carried-in secret values are redacted (0: nothing was carried in). */
export const carriedSecretCount = (): number => carried.size;

/**
 * Replaces the values of secret-looking variables of swarm's own environment, and those of
 * carried-in env files: the second line of defence behind the evaluator's allow-listed
 * environment, applied before text is stored or logged (the run log's lines, evaluation and agent
 * outcomes).
 */
export const redactSecrets = (text: string): string => {
  redactor ??= secretRedactor([...secretValues(process.env), ...carried]);
  return redactor(text);
};

/**
 * Rewrites the `.log` and `.json` files directly in `dir` (an evaluation's or a setup's output)
 * with carried-in secrets redacted: a program that prints a value of a carried `.env` must not
 * leave it in swarm's logs. Nothing to do while no file was carried in.
 */
export const redactLogFiles = async (dir: string): Promise<void> => {
  if (carriedSecretCount() === 0) return;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.log') || n.endsWith('.json'))) {
    const file = join(dir, name);
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    const redacted = redactSecrets(text);
    if (redacted !== text) await writeFile(file, redacted);
  }
};
