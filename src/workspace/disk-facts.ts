import { constants, statSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** The code of a system error (ENOENT, ENOSPC, EROFS, …), or null for anything that carries none. */
export const errnoOf = (error: unknown): string | null =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;

/**
 * The first existing path at or above `path` (resolved): a file or folder not made yet is made on
 * its parent's file system, so that is the one to ask about. The root when nothing exists.
 */
export const nearestExisting = async (path: string): Promise<string> => {
  for (let current = resolve(path); ; current = dirname(current)) {
    try {
      await access(current, constants.F_OK);
      return current;
    } catch {
      if (dirname(current) === current) return current;
    }
  }
};

/** {@link nearestExisting}, for the callers that cannot wait (statfs before a sync stop). */
export const nearestExistingSync = (path: string): string => {
  for (let current = resolve(path); ; current = dirname(current)) {
    try {
      statSync(current);
      return current;
    } catch {
      if (dirname(current) === current) return current;
    }
  }
};
