import { lstat, mkdir, readlink, rm, symlink } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** A `workspace.link` entry as a clean relative path (no leading `./`, no trailing `/`). */
export const linkPath = (entry: string): string => normalize(entry.replace(/^\.\//, '')).replace(/\/+$/, '');

/** Whether a `workspace.link` entry stays inside the checkout. */
export const isSafeLinkPath = (entry: string): boolean => {
  const rel = linkPath(entry);
  return rel !== '' && rel !== '.' && !rel.startsWith('..') && !rel.startsWith('/') && rel.split('/')[0] !== '.git' && rel.split('/')[0] !== '.swarm';
};

/**
 * Links each `workspace.link` path of the worktree to the checkout's copy. Paths the checkout
 * lacks, or the worktree already has as a file or folder of its own (a tracked path is checked
 * out there), are left alone (and named in `skipped`); a link already pointing there is kept, so
 * a second call changes nothing.
 */
export const linkShared = async (root: string, worktree: string, entries: readonly string[]): Promise<{ linked: string[]; skipped: string[] }> => {
  const linked: string[] = [];
  const skipped: string[] = [];
  for (const entry of entries.filter(isSafeLinkPath).map(linkPath)) {
    const source = join(root, entry);
    const target = join(worktree, entry);
    if ((await lstat(source).catch(() => null)) === null) {
      skipped.push(entry);
      continue;
    }
    const existing = await lstat(target).catch(() => null);
    if (existing?.isSymbolicLink() === true) {
      if ((await readlink(target)) === source) {
        linked.push(entry);
        continue;
      }
      await rm(target);
    } else if (existing !== null) {
      skipped.push(entry);
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await symlink(source, target);
    linked.push(entry);
  }
  return { linked, skipped };
};
