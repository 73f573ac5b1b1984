import { constants } from 'node:fs';
import { access, rm, statfs } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { runProcess } from '../../process/run-process.js';
import { errnoOf, nearestExisting } from '../../workspace/disk-facts.js';

/** Below this much free space a refused write is put down to a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * Why a write at `path` cannot happen, as swarm finds it once the agent has ended, for a CLI whose
 * record names the file but not the cause (codex: "Failed to write file …"): its file system
 * read-only (EROFS), the file or its folder not writable (EACCES, EPERM), or its disk full
 * (ENOSPC). Null when nothing is wrong now (the cause passed, or is the agent's own sandbox).
 */
export const writeCauseAt = async (path: string): Promise<string | null> => {
  const existing = await nearestExisting(path);
  try {
    await access(existing, constants.W_OK);
  } catch (error) {
    const code = errnoOf(error);
    if (code === 'EROFS') return `the file system of ${existing} is read-only (EROFS)`;
    if (code === 'EACCES' || code === 'EPERM') return `${existing} is not writable (${code})`;
  }
  try {
    const stats = await statfs(existing);
    const free = stats.bavail * stats.bsize;
    if (free < NEARLY_FULL_BYTES) return `the disk of ${existing} is full (ENOSPC, ${Math.round(free / 1024)} KiB free)`;
  } catch {
    // cannot tell
  }
  return null;
};

const inside = (root: string, path: string): string | null => {
  const rel = relative(root, resolve(root, path));
  return rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel;
};

/**
 * Puts back the worktree files whose last write failed, as the worktree's commit has them (a file
 * it lacks is removed): a write refused part-way (a full disk) can leave a truncated file, which
 * would read as a broken program rather than as an edit that failed. Paths outside the worktree
 * are left alone. Best effort: a file that cannot be put back stays as it is.
 */
export const undoUnlandedWrites = async (worktree: string, paths: readonly string[]): Promise<void> => {
  for (const path of paths) {
    const rel = inside(worktree, path);
    if (rel === null) continue;
    const known = await runProcess('git', ['cat-file', '-e', `HEAD:${rel.split(sep).join('/')}`], { cwd: worktree, timeoutMs: 30_000 });
    if (known.exitCode === 0) await runProcess('git', ['checkout', 'HEAD', '--', rel], { cwd: worktree, timeoutMs: 30_000 });
    else await rm(resolve(worktree, rel), { force: true }).catch(() => undefined);
  }
};
