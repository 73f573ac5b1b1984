import { statSync, statfsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { SwarmError } from '../../core/domain/errors.js';
import { errnoOf, nearestExistingSync } from '../../workspace/disk-facts.js';

/**
 * A file system that refuses writes: full (ENOSPC, SQLite's SQLITE_FULL), over its quota (EDQUOT)
 * or read-only (EROFS). Found by an error's code anywhere in its cause chain, or by the text git
 * and SQLite print for it (a failed git command carries its stderr in the message).
 */
const CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'SQLITE_FULL']);
const TEXTS: ReadonlyArray<[RegExp, string]> = [
  [/no space left on device/i, 'ENOSPC'],
  [/disk quota exceeded/i, 'EDQUOT'],
  [/read-only file system/i, 'EROFS'],
  [/database or disk is full/i, 'SQLITE_FULL'],
];

export interface DiskFull {
  code: string;
  /** The file being written, when the error names one. */
  path: string | null;
}

const pathOf = (error: Error): string | null => ('path' in error && typeof error.path === 'string' ? error.path : null);

/** The full (or read-only) file system behind `error`, else null. */
export const diskFullIn = (error: unknown): DiskFull | null => {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (current instanceof SwarmError && current.code === 'DISK_FULL') return { code: 'DISK_FULL', path: null };
    const code = errnoOf(current);
    if (code !== null && CODES.has(code)) return { code, path: pathOf(current) };
    const message = current.message;
    const text = TEXTS.find(([pattern]) => pattern.test(message));
    if (text !== undefined) return { code: text[1], path: null };
  }
  return null;
};

/** The mount point of the file system holding `path` (its topmost ancestor on the same device). */
export const mountPointOf = (path: string): string => {
  // The path itself may not exist (a file that could not be created): start at its first existing ancestor.
  let current = nearestExistingSync(path);
  let device: number;
  try {
    device = statSync(current).dev;
  } catch {
    return current;
  }
  for (;;) {
    const parent = dirname(current);
    if (parent === current) return current;
    try {
      if (statSync(parent).dev !== device) return current;
    } catch {
      return current;
    }
    current = parent;
  }
};

/** Bytes free to an unprivileged writer on the file system of `path`, or null when it cannot be asked. */
export const freeBytes = (path: string): number | null => {
  try {
    const stats = statfsSync(mountPointOf(path));
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
};

const MIB = 1024 * 1024;
export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * MIB ? `${(bytes / (1024 * MIB)).toFixed(1)} GiB` : bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * The one line for a run stopped by a full disk: what could not be written, on which file system,
 * how much is free there, and the fix. `root` is the repository (paths are shown relative to it).
 */
export const diskFullMessage = (full: DiskFull, root: string, swarmDir: string, command = 'swarm run'): string => {
  const target = full.path ?? (full.code === 'SQLITE_FULL' ? `${swarmDir}/swarm.db` : swarmDir);
  const inRepo = relative(root, target);
  const shown = full.path === null ? (full.code === 'SQLITE_FULL' ? 'the run database (.swarm/swarm.db)' : 'the run\'s files (.swarm)') : inRepo.startsWith('..') ? target : inRepo;
  const mount = mountPointOf(target);
  const free = freeBytes(target);
  const what = full.code === 'EROFS' ? 'is read-only' : full.code === 'EDQUOT' ? 'is over its disk quota' : 'is full';
  const fix = full.code === 'EROFS' ? 'make it writable' : 'free space there';
  return `the file system at ${mount} ${what} (${full.code === 'DISK_FULL' ? 'ENOSPC' : full.code}${free === null ? '' : `, ${formatBytes(free)} free`}) writing ${shown}; the run is kept as it was: ${fix}, then \`${command}\` resumes where it stopped`;
};

/** The error a run stopped by a full disk ends with: exit 1, its message the one line to print. */
export const diskFullError = (full: DiskFull, root: string, swarmDir: string, cause: unknown): SwarmError =>
  new SwarmError('DISK_FULL', diskFullMessage(full, root, swarmDir), { cause });
