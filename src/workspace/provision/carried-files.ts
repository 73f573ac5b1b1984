import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runGit } from '../git-command.js';

/** The gitignore-syntax file of patterns whose ignored files are copied into every worktree. */
export const WORKTREE_INCLUDE_FILE = '.worktreeinclude';

const nulList = (text: string): string[] => text.split('\0').filter((entry) => entry !== '');

const ownPatterns = async (folder: string): Promise<string[]> => {
  const text = await readFile(join(folder, WORKTREE_INCLUDE_FILE), 'utf8').catch(() => '');
  return text.split(/\r?\n/).map((line) => line.trimEnd()).filter((line) => line !== '' && !line.startsWith('#'));
};

/**
 * A gitignore pattern of a file in folder `base` (repository-relative, '' for the root) as a
 * pattern over repository paths: one with a `/` before its end is anchored to `base`, one
 * without matches a name at any depth below `base` (`**` matches zero or more folders).
 */
export const rebasePattern = (base: string, pattern: string): string => {
  if (base === '') return pattern;
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  const anchored = body.replace(/\/+$/, '').includes('/');
  const rebased = anchored ? `${base}/${body.replace(/^\/+/, '')}` : `${base}/**/${body}`;
  return negated ? `!${rebased}` : rebased;
};

/**
 * The include patterns as patterns over repository paths: those of the repository root's
 * `.worktreeinclude`, then those of the project folder's (`subdir`, relative to it), then `extra`
 * (workspace.include, relative to the project folder too). Comments and blank lines left out.
 */
export const includePatterns = async (root: string, extra: readonly string[], subdir = ''): Promise<string[]> => {
  const rootOwn = await ownPatterns(root);
  const projectOwn = subdir === '' ? [] : (await ownPatterns(join(root, subdir))).map((pattern) => rebasePattern(subdir, pattern));
  return [...rootOwn, ...projectOwn, ...extra.map((pattern) => rebasePattern(subdir, pattern))];
};

/**
 * The ignored files of the checkout that the include patterns match: untracked files matching
 * the patterns (git's own gitignore matching, `ls-files -x`), of which those git ignores.
 * A file the patterns name but git does not ignore is the user's work in progress, not carried.
 */
export const carriedFiles = async (root: string, patterns: readonly string[], subdir = ''): Promise<string[]> => {
  if (patterns.length === 0) return [];
  const exclude = patterns.flatMap((pattern) => ['-x', pattern]);
  const matching = nulList(await runGit(root, ['ls-files', '-z', '--others', '--ignored', ...exclude]));
  if (matching.length === 0) return [];
  const ignored = nulList(await runGit(root, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard']));
  const set = new Set(ignored);
  const state = subdir === '' ? '.swarm/' : `${subdir}/.swarm/`;
  return matching.filter((file) => set.has(file) && !file.startsWith('.swarm/') && !file.startsWith(state)).sort();
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
