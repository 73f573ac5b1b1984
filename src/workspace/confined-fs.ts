import { constants, existsSync } from 'node:fs';
import { lstat, mkdir, open, readdir, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * File operations inside a worktree an agent controls, that never follow a link out of it.
 *
 * A directory is opened once (`O_DIRECTORY | O_NOFOLLOW`) and held by its descriptor; its entries
 * are reached as `/proc/self/fd/<fd>/<name>`, which the kernel resolves from the open directory
 * itself (the descriptor-relative `openat` Node lacks): renaming or replacing a path component
 * afterwards cannot redirect an operation. Only the last component of a name is looked up, and
 * every operation here either does not follow a final symlink (unlink, rmdir, rename, lstat,
 * `O_EXCL` creation) or refuses one (`O_NOFOLLOW`).
 */

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
const PROC_FD = existsSync('/proc/self/fd');

const isCode = (error: unknown, ...codes: string[]): boolean =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && codes.includes(error.code);

/** A single path component: no separator, not `.` or `..`. */
const checkName = (name: string): string => {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0')) throw new Error(`not a single path component: ${JSON.stringify(name)}`);
  return name;
};

/** A directory held open; `at(name)` names an entry of exactly this directory. */
export class HeldDir {
  private constructor(
    private readonly handle: FileHandle,
    /** Where it was opened (for messages, and where /proc is missing). */
    readonly path: string,
  ) {}

  /** Opens `path` as a directory; null when it is missing, a symlink or not a directory. */
  static async open(path: string): Promise<HeldDir | null> {
    const handle = await open(path, DIR_FLAGS).catch((error: unknown) => {
      if (isCode(error, 'ENOENT', 'ENOTDIR', 'ELOOP')) return null;
      throw error;
    });
    return handle === null ? null : new HeldDir(handle, path);
  }

  /** The descriptor's own path (this directory, wherever it has been moved). */
  get self(): string {
    return PROC_FD ? `/proc/self/fd/${this.handle.fd}` : this.path;
  }

  at(name: string): string {
    return join(this.self, checkName(name));
  }

  /** The subdirectory `name`, held; null when missing, a symlink or not a directory. */
  async child(name: string): Promise<HeldDir | null> {
    const dir = await HeldDir.open(this.at(name));
    return dir === null ? null : new HeldDir(dir.handle, join(this.path, name));
  }

  /** Device and inode of the held directory. */
  async identity(): Promise<string> {
    const stat = await this.handle.stat();
    return `${stat.dev}:${stat.ino}`;
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/**
 * Walks `relative` (forward slashes) down from `root`, holding each directory: null when a
 * component is missing, a symlink or not a directory. `create` makes missing directories.
 */
export const openConfinedDir = async (root: string, relative: string, options: { create?: boolean } = {}): Promise<HeldDir | null> => {
  let current = await HeldDir.open(root);
  for (const part of relative.split('/').filter((p) => p !== '' && p !== '.')) {
    if (current === null) return null;
    if (options.create === true) await mkdir(current.at(part)).catch((error: unknown) => (isCode(error, 'EEXIST') ? undefined : Promise.reject(error)));
    const next: HeldDir | null = await current.child(part);
    await current.close();
    current = next;
  }
  return current;
};

/** Device and inode of the directory at `root/relative` reached without following a link, or null. */
export const confinedIdentity = async (root: string, relative: string): Promise<string | null> => {
  const dir = await openConfinedDir(root, relative);
  if (dir === null) return null;
  try {
    return await dir.identity();
  } finally {
    await dir.close();
  }
};

/**
 * Removes the entry `name` of `dir` and, for a directory, everything below it, never following a
 * symlink (a link is removed as a link). A missing entry is no error.
 */
export const removeConfined = async (dir: HeldDir, name: string): Promise<void> => {
  const stat = await lstat(dir.at(name)).catch(() => null);
  if (stat === null) return;
  if (!stat.isDirectory()) {
    await unlink(dir.at(name)).catch((error: unknown) => (isCode(error, 'ENOENT') ? undefined : Promise.reject(error)));
    return;
  }
  const sub = await dir.child(name);
  if (sub !== null) {
    try {
      for (const entry of await readdir(sub.self)) await removeConfined(sub, entry);
    } finally {
      await sub.close();
    }
  }
  await rmdir(dir.at(name)).catch((error: unknown) => (isCode(error, 'ENOENT') ? undefined : Promise.reject(error)));
};

export type BoundedRead = { ok: true; bytes: Buffer } | { ok: false; problem: 'missing' | 'not-a-file' | 'too-large' };

/**
 * Reads the regular file `path` with at most `maxBytes`, without blocking and without following a
 * final symlink: opened `O_NONBLOCK | O_NOFOLLOW` (a FIFO or device opens at once and is refused
 * by the descriptor's own stat, so a file swapped after any earlier check changes nothing).
 */
export const readBounded = async (path: string, maxBytes: number): Promise<BoundedRead> => {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return { ok: false, problem: 'missing' };
    if (isCode(error, 'ELOOP', 'ENXIO', 'EISDIR', 'ENOTDIR', 'EACCES', 'EPERM')) return { ok: false, problem: 'not-a-file' };
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, problem: 'not-a-file' };
    if (stat.size > maxBytes) return { ok: false, problem: 'too-large' };
    // Sized by the stat (one byte more shows growth), grown toward the bound only for a file that
    // grew meanwhile: a bound of megabytes costs nothing for the small file usually there.
    let buffer = Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    while (length <= maxBytes) {
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length * 2));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    // A file that grew past the bound after the stat.
    if (length > maxBytes) return { ok: false, problem: 'too-large' };
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    await handle.close();
  }
};

/**
 * The first component of `relative` under `root` that is a symlink or not a directory where one is
 * needed (the last component may be anything but a symlink), or null when the path stays inside
 * by plain directories. A check for paths an operation must then use by name (git, copy).
 */
export const linkOnPath = async (root: string, relative: string): Promise<string | null> => {
  const parts = relative.split('/').filter((p) => p !== '' && p !== '.');
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = join(current, part);
    const stat = await lstat(current).catch(() => null);
    if (stat === null) return null;
    if (stat.isSymbolicLink()) return parts.slice(0, index + 1).join('/');
    if (index < parts.length - 1 && !stat.isDirectory()) return parts.slice(0, index + 1).join('/');
  }
  return null;
};
