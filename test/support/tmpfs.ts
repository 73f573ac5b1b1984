import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small tmpfs in a fresh temp folder, for the tests of a full or read-only disk. */
export interface Tmpfs {
  /** Where it is mounted (the temp folder, left plain when mounting failed). */
  readonly dir: string;
  /** False where mounting needs root and the tests do not run as root: skip the cases then. */
  readonly mounted: boolean;
  /** `mount -o remount,<options>`: 'ro', 'rw', or a new 'size=…'. */
  remount: (options: 'ro' | 'rw' | `size=${string}`) => void;
  /** Fills it to its last byte with a file `filler`; returns that file's path. */
  fill: () => string;
  /** Removes the filler file, if any. */
  unfill: () => void;
  /** Runs `make` with TMPDIR pointing here, so temp folders (toy repositories) are made on it. */
  asTmpdir: <T>(make: () => T) => T;
  /** `umount -l`, then removes the folder (for afterAll). */
  unmount: () => void;
}

/**
 * Mounts a tmpfs of `size` (e.g. '2m') on `mkdtemp(<tmpdir>/<prefix>-)`, which needs root; where
 * it cannot, says so once on the console (`<prefix>: skipped …`) and `mounted` is false.
 */
export const mountTmpfs = (prefix: string, size: string): Tmpfs => {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const mounted = ((): boolean => {
    if (process.getuid?.() !== 0) return false;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  if (!mounted) console.log(`${prefix}: skipped (mounting a tmpfs needs root)`);
  const filler = join(dir, 'filler');
  return {
    dir,
    mounted,
    remount: (options) => {
      execFileSync('mount', ['-o', `remount,${options}`, dir]);
    },
    fill: () => {
      const fd = openSync(filler, 'a');
      try {
        for (const chunkSize of [1024 * 1024, 4096, 1]) {
          const chunk = Buffer.alloc(chunkSize, 120);
          try {
            for (;;) writeSync(fd, chunk);
          } catch {
            // full at this chunk size: go on with a smaller one
          }
        }
      } finally {
        closeSync(fd);
      }
      return filler;
    },
    unfill: () => rmSync(filler, { force: true }),
    asTmpdir: (make) => {
      const saved = process.env.TMPDIR;
      process.env.TMPDIR = dir;
      try {
        return make();
      } finally {
        if (saved === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = saved;
      }
    },
    unmount: () => {
      try {
        if (mounted) execFileSync('umount', ['-l', dir]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};
