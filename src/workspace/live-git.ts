import { readlink } from 'node:fs/promises';
import { isGoneState, listProcessIds, readProcStat } from '../process/proc-stat.js';
import { isInside } from './worktrees.js';

/** A /proc entry of a process that has ended since it was listed. */
const isGone = (error: unknown): boolean => error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ESRCH');

/**
 * True when a git process may be working in one of `dirs` (a repository, its git dir, its
 * worktrees): a live process named `git*` whose working directory lies inside one of them, or
 * cannot be read (another user's: assumed to be). Where `/proc` is missing (not Linux) it answers
 * true, so callers keep to what is safe without knowing.
 */
export const liveGitProcessIn = async (dirs: readonly string[], selfPid = process.pid): Promise<boolean> => {
  const entries = process.platform === 'linux' ? await listProcessIds(selfPid) : null;
  if (entries === null) return true;
  for (const entry of entries) {
    const stat = await readProcStat(entry);
    if (stat === null || !stat.name.startsWith('git') || isGoneState(stat.state)) continue;
    // A process that ended since its stat was read is gone (ENOENT), not another user's (EACCES):
    // on a busy machine other repositories' short git calls end here all the time.
    const cwd = await readlink(`/proc/${entry}/cwd`).catch((error: unknown) => (isGone(error) ? undefined : null));
    if (cwd === undefined) continue;
    if (cwd === null || dirs.some((dir) => isInside(dir, cwd))) return true;
  }
  return false;
};
