import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './worktrees.js';

/** How old the main `index.lock` must be before it counts as left behind by a killed process. */
export const MAIN_INDEX_LOCK_STALE_MS = 10_000;

const entriesOf = async (dir: string) => readdir(dir, { withFileTypes: true }).catch(() => []);

const removeFile = async (file: string, removed: string[]): Promise<void> => {
  await rm(file, { force: true });
  removed.push(file);
};

/** Lock files of the worktree admin dirs (`.git/worktrees/<name>`) whose worktree lies under `worktreesDir`. */
const clearWorktreeAdminLocks = async (commonDir: string, worktreesDir: string, removed: string[]): Promise<void> => {
  const adminRoot = path.join(commonDir, 'worktrees');
  for (const admin of await entriesOf(adminRoot)) {
    if (!admin.isDirectory()) continue;
    const adminDir = path.join(adminRoot, admin.name);
    const gitdir = (await readFile(path.join(adminDir, 'gitdir'), 'utf8').catch(() => '')).trim();
    if (gitdir === '' || !isInside(worktreesDir, path.dirname(gitdir))) continue;
    for (const file of await entriesOf(adminDir)) {
      if (file.isFile() && (file.name === 'locked' || file.name.endsWith('.lock'))) {
        await removeFile(path.join(adminDir, file.name), removed);
      }
    }
  }
};

/** Ref locks (`refs/heads/swarm/**\/*.lock`) of attempt branches, left when a commit was killed mid-way. */
const clearRefLocks = async (dir: string, removed: string[]): Promise<void> => {
  for (const entry of await entriesOf(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await clearRefLocks(full, removed);
    else if (entry.isFile() && entry.name.endsWith('.lock')) await removeFile(full, removed);
  }
};

/**
 * Removes lock files a SIGKILLed swarm process can leave behind: the admin locks of swarm's own
 * worktrees, attempt-branch ref locks, and the main `index.lock` once it is older than `staleMs`
 * (a younger one may belong to the user's own git command). Returns the removed files.
 */
export const clearStaleLocks = async (
  p: { commonDir: string; worktreesDir: string; branchPrefix?: string; staleMs?: number },
  now: number = Date.now(),
): Promise<string[]> => {
  const removed: string[] = [];
  await clearWorktreeAdminLocks(p.commonDir, p.worktreesDir, removed);
  await clearRefLocks(path.join(p.commonDir, 'refs', 'heads', p.branchPrefix ?? 'swarm'), removed);
  const indexLock = path.join(p.commonDir, 'index.lock');
  const lockStat = await stat(indexLock).catch(() => null);
  if (lockStat !== null && now - lockStat.mtimeMs >= (p.staleMs ?? MAIN_INDEX_LOCK_STALE_MS)) {
    await removeFile(indexLock, removed);
  }
  return removed;
};
