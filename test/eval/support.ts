import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalJob } from '../../src/core/ports/index.js';

/** Absolute path of a fixture evaluator script. */
export const fixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/evaluators/${name}`, import.meta.url));

/** Single-quotes a value for /bin/sh. */
export const sh = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/** A shell command running a fixture with node and the given arguments. */
export const nodeFixture = (name: string, ...args: string[]): string =>
  [sh(process.execPath), sh(fixture(name)), ...args.map(sh)].join(' ');

/** A temp directory and its removal. */
export const makeTempDir = async (): Promise<{ dir: string; cleanup: () => Promise<void> }> => {
  const dir = await mkdtemp(join(tmpdir(), 'swarm-eval-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
};

/** An evaluator job in `dir`, overridable field by field. */
export const makeJob = (dir: string, fields: Partial<EvalJob> = {}): EvalJob => ({
  command: nodeFixture('good.js'),
  cwd: dir,
  stage: 'main',
  seed: 0,
  timeoutMs: 20_000,
  env: {},
  logDir: join(dir, 'logs'),
  metric: 'score',
  ...fields,
});

export const noAbort = (): AbortSignal => new AbortController().signal;
