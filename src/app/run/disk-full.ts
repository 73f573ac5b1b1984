import { accessSync, constants, statSync, statfsSync } from 'node:fs';
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

/** A folder the run writes besides `.swarm` (its worktrees under `workspace.dir`, the repository's `.git`) and what to call it. */
export interface WritePlace {
  dir: string;
  what: string;
}

/** Below this much free space another place counts as full (`.swarm` has the driver's freed 1 MiB reserve). */
const FULL_BYTES = 1024 * 1024;

const readOnly = (dir: string): boolean => {
  try {
    accessSync(nearestExistingSync(dir), constants.W_OK);
    return false;
  } catch (error) {
    return errnoOf(error) === 'EROFS';
  }
};

/**
 * Where a write that names no file (a write through a descriptor, git's text) most likely failed:
 * of `.swarm` and the `elsewhere` places, a read-only one for EROFS, else the one with the least
 * free space below FULL_BYTES; `.swarm` otherwise (the places share its file system, have room,
 * or cannot be asked).
 */
const refusingPlace = (code: string, swarm: WritePlace, elsewhere: readonly WritePlace[]): WritePlace => {
  if (code === 'EROFS') return [swarm, ...elsewhere].find((place) => readOnly(place.dir)) ?? swarm;
  let chosen = swarm;
  let least = Math.min(freeBytes(swarm.dir) ?? FULL_BYTES, FULL_BYTES);
  for (const place of elsewhere) {
    const free = freeBytes(place.dir);
    if (free !== null && free < least) [chosen, least] = [place, free];
  }
  return chosen;
};

/**
 * The one line for a run stopped by a full disk: what could not be written, on which file system,
 * how much is free there, and the fix. `root` is the repository (paths are shown relative to it);
 * `elsewhere` are the other places the run writes, one of which is named when the error names no
 * file and its file system is the full one.
 */
export const diskFullMessage = (full: DiskFull, root: string, swarmDir: string, command = 'swarm run', elsewhere: readonly WritePlace[] = []): string => {
  const place = full.path === null && full.code !== 'SQLITE_FULL' ? refusingPlace(full.code, { dir: swarmDir, what: 'the run\'s files (.swarm)' }, elsewhere) : null;
  const target = full.path ?? (full.code === 'SQLITE_FULL' ? `${swarmDir}/swarm.db` : (place?.dir ?? swarmDir));
  const inRepo = relative(root, target);
  const shown = full.path === null ? (full.code === 'SQLITE_FULL' ? 'the run database (.swarm/swarm.db)' : (place?.what ?? 'the run\'s files (.swarm)')) : inRepo.startsWith('..') ? target : inRepo;
  const mount = mountPointOf(target);
  const free = freeBytes(target);
  const what = full.code === 'EROFS' ? 'is read-only' : full.code === 'EDQUOT' ? 'is over its disk quota' : 'is full';
  const fix = full.code === 'EROFS' ? 'make it writable' : 'free space there';
  return `the file system at ${mount} ${what} (${full.code === 'DISK_FULL' ? 'ENOSPC' : full.code}${free === null ? '' : `, ${formatBytes(free)} free`}) writing ${shown}; the run is kept as it was: ${fix}, then \`${command}\` resumes where it stopped`;
};

/** The error a run stopped by a full disk ends with: exit 1, its message the one line to print. */
export const diskFullError = (full: DiskFull, root: string, swarmDir: string, cause: unknown, elsewhere: readonly WritePlace[] = []): SwarmError =>
  new SwarmError('DISK_FULL', diskFullMessage(full, root, swarmDir, 'swarm run', elsewhere), { cause });
