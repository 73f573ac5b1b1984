import { readdir, readFile, readlink } from 'node:fs/promises';
import { isInside } from './worktrees.js';

/**
 * True when a git process may be working in one of `dirs` (a repository, its git dir, its
 * worktrees): a live process named `git*` whose working directory lies inside one of them, or
 * cannot be read (another user's: assumed to be). Where `/proc` is missing (not Linux) it answers
 * true, so callers keep to what is safe without knowing.
 */
export const liveGitProcessIn = async (dirs: readonly string[], selfPid = process.pid): Promise<boolean> => {
  if (process.platform !== 'linux') return true;
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === selfPid) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue;
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (!name.startsWith('git') || state === 'Z' || state === 'X') continue;
    const cwd = await readlink(`/proc/${entry}/cwd`).catch(() => null);
    if (cwd === null || dirs.some((dir) => isInside(dir, cwd))) return true;
  }
  return false;
};
