import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SwarmError } from '../../core/domain/errors.js';

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `node_modules/.bin` folders from this package upwards (swarm's own dev/peer installs). */
const packageBinDirs = (): string[] => {
  const dirs: string[] = [];
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'node_modules', '.bin');
    if (existsSync(candidate)) dirs.push(candidate);
    const parent = dirname(dir);
    if (parent === dir) return dirs;
    dir = parent;
  }
};

/**
 * Finds an agent CLI: a path (absolute, or relative to `cwd`) is used as is; a bare name is looked
 * up on PATH, then in the `node_modules/.bin` folders above swarm. Returns null when not found.
 */
export const findBinary = (name: string, env: Record<string, string | undefined> = process.env, cwd = process.cwd()): string | null => {
  if (name.includes('/')) {
    const path = isAbsolute(name) ? name : resolve(cwd, name);
    return isExecutable(path) ? path : null;
  }
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...packageBinDirs()];
  for (const dir of dirs) {
    const path = join(dir, name);
    if (isExecutable(path)) return path;
  }
  return null;
};

/** Like {@link findBinary}, but a missing CLI is a configuration error naming how to install it. */
export const requireBinary = (name: string, configKey: string, installHint: string): string => {
  const path = findBinary(name);
  if (path !== null) return path;
  throw new SwarmError(
    'CONFIG_INVALID',
    `${configKey}: cannot find the executable "${name}" on PATH or in node_modules/.bin; install it (${installHint}) or set ${configKey} to its path`,
  );
};
