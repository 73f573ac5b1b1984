import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** A carried file read as `KEY=value` lines: `.env`, `.env.local`, `prod.env`. */
export const isEnvFile = (file: string): boolean => /^\.env(\..+)?$|\.env$/.test(basename(file));

/** Shorter values are too likely to occur by chance ("true", a port) to be replaced. */
const MIN_LENGTH = 8;

/** The values of `KEY=value` lines (`export` and quotes allowed), long enough and not plain numbers. */
export const envFileValues = (text: string): string[] =>
  text.split(/\r?\n/).flatMap((line) => {
    const match = /^\s*(?:export\s+)?[A-Za-z_][\w.]*\s*=\s*(.*)$/.exec(line);
    if (!match) return [];
    let value = (match[1] ?? '').trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    return value.length >= MIN_LENGTH && !/^[\d.]+$/.test(value) ? [value] : [];
  });

/** The secret values of the carried-in env files of the checkout. */
export const carriedSecretValues = async (root: string, carried: readonly string[]): Promise<string[]> => {
  const values = new Set<string>();
  for (const file of carried.filter(isEnvFile)) {
    const text = await readFile(join(root, file), 'utf8').catch(() => '');
    for (const value of envFileValues(text)) values.add(value);
  }
  return [...values];
};
