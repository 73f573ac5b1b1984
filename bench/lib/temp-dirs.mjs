import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created = new Set();

/** A fresh directory under the OS temp dir, removed by {@link removeTempDirs}. */
export const makeTempDir = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), `swarm-bench-${prefix}-`));
  created.add(dir);
  return dir;
};

/** Removes one directory made by {@link makeTempDir} now (to keep the disk small between scenarios). */
export const removeTempDir = (dir) => {
  rmSync(dir, { recursive: true, force: true });
  created.delete(dir);
};

/** Removes every directory still registered; safe to call twice and from a signal handler. */
export const removeTempDirs = () => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
  created.clear();
};
