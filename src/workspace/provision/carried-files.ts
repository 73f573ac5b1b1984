import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runGit } from '../git-command.js';

/** The gitignore-syntax file of patterns whose ignored files are copied into every worktree. */
export const WORKTREE_INCLUDE_FILE = '.worktreeinclude';

const nulList = (text: string): string[] => text.split('\0').filter((entry) => entry !== '');

/** The patterns of the checkout's `.worktreeinclude` (comments and blank lines left out) and `extra`. */
export const includePatterns = async (root: string, extra: readonly string[]): Promise<string[]> => {
  const text = await readFile(join(root, WORKTREE_INCLUDE_FILE), 'utf8').catch(() => '');
  const own = text.split(/\r?\n/).map((line) => line.trimEnd()).filter((line) => line !== '' && !line.startsWith('#'));
  return [...own, ...extra];
};

/**
 * The ignored files of the checkout that the include patterns match: untracked files matching
 * the patterns (git's own gitignore matching, `ls-files -x`), of which those git ignores.
 * A file the patterns name but git does not ignore is the user's work in progress, not carried.
 */
export const carriedFiles = async (root: string, patterns: readonly string[]): Promise<string[]> => {
  if (patterns.length === 0) return [];
  const exclude = patterns.flatMap((pattern) => ['-x', pattern]);
  const matching = nulList(await runGit(root, ['ls-files', '-z', '--others', '--ignored', ...exclude]));
  if (matching.length === 0) return [];
  const ignored = nulList(await runGit(root, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard']));
  const set = new Set(ignored);
  return matching.filter((file) => set.has(file) && !file.startsWith('.swarm/')).sort();
};

/**
 * Copies `files` from the checkout into the worktree (a clone of the blocks where the filesystem
 * can: btrfs, XFS, APFS), never over a path the worktree tracks or a link. Copies again on a
 * second call (a reused worktree gets the checkout's current version). Returns the files copied.
 */
export const copyCarried = async (root: string, worktree: string, files: readonly string[], tracked: ReadonlySet<string>): Promise<string[]> => {
  const copied: string[] = [];
  for (const file of files) {
    if (tracked.has(file)) continue;
    const target = join(worktree, file);
    const existing = await lstat(target).catch(() => null);
    if (existing !== null && !existing.isFile()) continue;
    const source = await lstat(join(root, file)).catch(() => null);
    if (source === null || !source.isFile()) continue;
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(root, file), target, constants.COPYFILE_FICLONE);
    copied.push(file);
  }
  return copied;
};
