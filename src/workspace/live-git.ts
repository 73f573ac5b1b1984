import { readlink } from 'node:fs/promises';
import { isGoneState, listProcessIds, readProcStat } from '../process/proc-stat.js';
import { isInside } from './worktrees.js';

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
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => null);
    if (cwd === null || dirs.some((dir) => isInside(dir, cwd))) return true;
  }
  return false;
};
