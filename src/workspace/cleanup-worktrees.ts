import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from './git-command.js';
import { isInside, listWorktrees, removeWorktreeAt, sameResolvedPath } from './worktrees.js';

/** Directories under `dir` that no kept path lies in or below: stray leftovers git does not know. */
const strayDirectories = async (dir: string, protectedPaths: string[]): Promise<string[]> => {
  const stray: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (protectedPaths.some((kept) => sameResolvedPath(kept, full))) continue;
    if (entry.isDirectory() && protectedPaths.some((kept) => isInside(full, kept))) {
      stray.push(...(await strayDirectories(full, protectedPaths)));
    } else {
      stray.push(full);
    }
  }
  return stray;
};

/**
 * Removes every worktree under `worktreesDir` whose path is not in `keep`, then any stray entry left
 * there, then prunes git's records. Branches stay. Returns the removed paths.
 * Callers clear stale lock files first and hold the repository mutex.
 */
export const cleanupWorktreesUnder = async (root: string, worktreesDir: string, keep: Set<string>): Promise<string[]> => {
  const kept = [...keep].map((entry) => path.resolve(entry));
  const isKept = (target: string): boolean => kept.some((entry) => sameResolvedPath(entry, target));
  const removed: string[] = [];
  const registered = (await listWorktrees(root)).filter(
    (worktree) => isInside(worktreesDir, worktree.path) && !sameResolvedPath(worktreesDir, worktree.path),
  );
  for (const worktree of registered) {
    if (isKept(worktree.path)) continue;
    // A half-created worktree (SIGKILL during `worktree add`) may refuse removal; its directory goes anyway.
    await removeWorktreeAt(root, worktree.path).catch(() => rm(worktree.path, { recursive: true, force: true }));
    removed.push(path.resolve(worktree.path));
  }
  const stillRegistered = registered.filter((worktree) => isKept(worktree.path)).map((worktree) => worktree.path);
  for (const stray of await strayDirectories(worktreesDir, [...kept, ...stillRegistered])) {
    await rm(stray, { recursive: true, force: true });
    if (!removed.some((entry) => sameResolvedPath(entry, stray))) removed.push(stray);
  }
  await runGit(root, ['worktree', 'prune']);
  return removed;
};
