import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { liveGitProcessIn } from './live-git.js';
import { isInside } from './worktrees.js';

/** How old the main `index.lock` must be, while a git process runs, to count as left behind. */
export const MAIN_INDEX_LOCK_STALE_MS = 10_000;

const entriesOf = async (dir: string) => readdir(dir, { withFileTypes: true }).catch(() => []);

const removeFile = async (file: string, removed: string[]): Promise<void> => {
  await rm(file, { force: true });
  removed.push(file);
};

/** Worktree admin dirs (`.git/worktrees/<name>`) with the worktree each one belongs to. */
const adminDirs = async (commonDir: string): Promise<Array<{ dir: string; worktree: string }>> => {
  const adminRoot = path.join(commonDir, 'worktrees');
  const found: Array<{ dir: string; worktree: string }> = [];
  for (const admin of await entriesOf(adminRoot)) {
    if (!admin.isDirectory()) continue;
    const dir = path.join(adminRoot, admin.name);
    const gitdir = (await readFile(path.join(dir, 'gitdir'), 'utf8').catch(() => '')).trim();
    if (gitdir !== '') found.push({ dir, worktree: path.dirname(gitdir) });
  }
  return found;
};

/**
 * Lock files of worktree admin dirs: every `*.lock` of `swarm`'s own worktrees (under
 * `worktreesDir`) and their `locked` marker; with `anyWorktree`, the `*.lock` of the others too
 * (a user's `git worktree lock` marker is never touched).
 */
const clearWorktreeAdminLocks = async (admins: ReadonlyArray<{ dir: string; worktree: string }>, worktreesDir: string, anyWorktree: boolean, removed: string[]): Promise<void> => {
  for (const admin of admins) {
    const ours = isInside(worktreesDir, admin.worktree);
    if (!ours && !anyWorktree) continue;
    for (const file of await entriesOf(admin.dir)) {
      if (file.isFile() && (file.name.endsWith('.lock') || (ours && file.name === 'locked'))) await removeFile(path.join(admin.dir, file.name), removed);
    }
  }
};

/** Every `*.lock` file under `dir` (ref locks left when a commit or branch update was killed). */
const clearLocksUnder = async (dir: string, removed: string[]): Promise<void> => {
  for (const entry of await entriesOf(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await clearLocksUnder(full, removed);
    else if (entry.isFile() && entry.name.endsWith('.lock')) await removeFile(full, removed);
  }
};

/** `HEAD.lock`, `packed-refs.lock`, `index.lock`, `config.lock`, ... at the top of the git dir. */
const clearTopLevelLocks = async (commonDir: string, removed: string[]): Promise<void> => {
  for (const entry of await entriesOf(commonDir)) {
    if (entry.isFile() && entry.name.endsWith('.lock')) await removeFile(path.join(commonDir, entry.name), removed);
  }
};

/**
 * Removes lock files a killed process left behind. When no git process runs in the repository or
 * any of its worktrees (Linux `/proc`), a lock file of any kind is stale and goes: the git dir's
 * own (`HEAD.lock`, `packed-refs.lock`, `index.lock`, ...), every ref lock, every worktree's
 * index and HEAD locks, and the `locked` marker of swarm's worktrees. Otherwise only swarm's own
 * kinds go (its worktrees' admin locks, attempt-branch ref locks) and the main `index.lock` once
 * older than `staleMs`. Returns the removed files.
 */
export const clearStaleLocks = async (
  p: { root: string; commonDir: string; worktreesDir: string; branchPrefix?: string; staleMs?: number },
  now: number = Date.now(),
): Promise<string[]> => {
  const removed: string[] = [];
  const admins = await adminDirs(p.commonDir);
  const gitRunning = await liveGitProcessIn([p.root, p.commonDir, ...admins.map((a) => a.worktree)]);
  if (!gitRunning) {
    await clearTopLevelLocks(p.commonDir, removed);
    await clearLocksUnder(path.join(p.commonDir, 'refs'), removed);
    await clearWorktreeAdminLocks(admins, p.worktreesDir, true, removed);
    return removed;
  }
  await clearWorktreeAdminLocks(admins, p.worktreesDir, false, removed);
  await clearLocksUnder(path.join(p.commonDir, 'refs', 'heads', p.branchPrefix ?? 'swarm'), removed);
  const indexLock = path.join(p.commonDir, 'index.lock');
  const lockStat = await stat(indexLock).catch(() => null);
  if (lockStat !== null && now - lockStat.mtimeMs >= (p.staleMs ?? MAIN_INDEX_LOCK_STALE_MS)) {
    await removeFile(indexLock, removed);
  }
  return removed;
};
