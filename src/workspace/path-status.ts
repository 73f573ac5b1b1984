import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { tryGit } from './git-command.js';

/** What git makes of a path of the checkout. */
export type PathStatus = 'tracked' | 'ignored' | 'untracked' | 'absent';

const literal = (rel: string): string => `:(literal)${rel}`;

/** Whether `rel` (relative to the checkout root) is there, and tracked, ignored, or neither. */
export const pathStatus = async (root: string, rel: string): Promise<PathStatus> => {
  const info = await lstat(join(root, rel)).catch(() => null);
  if (info === null) return 'absent';
  const listed = await tryGit(root, ['ls-files', '-z', '--', literal(rel)]);
  if (listed !== null && listed !== '') return 'tracked';
  const ignored = await tryGit(root, ['check-ignore', '-q', '--', info.isDirectory() ? `${rel}/` : rel]);
  return ignored !== null ? 'ignored' : 'untracked';
};

/**
 * The outermost folder of `rel` that git ignores, with a trailing `/` (`data/` for
 * `data/raw/points.csv`), or `rel` itself when only the file is ignored.
 */
export const ignoredRoot = async (root: string, rel: string): Promise<string> => {
  const parts = rel.split('/').filter((part) => part !== '' && part !== '.');
  for (let end = 1; end < parts.length; end++) {
    const folder = `${parts.slice(0, end).join('/')}/`;
    if ((await tryGit(root, ['check-ignore', '-q', '--', folder])) !== null) return folder;
  }
  return parts.join('/');
};

/** Of `paths`, those with changes git has not committed (modified, staged, or untracked), as `git status` names them. */
export const uncommittedPaths = async (root: string, paths: readonly string[]): Promise<Array<{ path: string; untracked: boolean }>> => {
  if (paths.length === 0) return [];
  const out = await tryGit(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...paths.map(literal)]);
  if (out === null) return [];
  return out.split('\0').filter((entry) => entry.length > 3).map((entry) => ({ path: entry.slice(3), untracked: entry.startsWith('??') }));
};
