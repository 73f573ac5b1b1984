import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { matchProtected } from '../workspace/protected-paths.js';
import type { SandboxMounts } from './bwrap-sandbox.js';

/**
 * Read-only whatever the protect globs say: git's data (a worktree's `.git` file too, or the
 * program could point swarm's next git command at a repository of its own) and swarm's state.
 */
const ALWAYS_READ_ONLY = ['.git', '.swarm'];

/**
 * The mounts of one sandboxed evaluation: the checkout writable, then read-only on top of it its
 * protected paths (`evaluator.protect` globs resolved to the files and directories that exist,
 * a matching directory as a whole) and its `.git` and `.swarm`, then the result file's directory
 * writable. A worktree's git directories in the main repository are mounted read-only too, so
 * git works (read-only) inside the sandbox even where the private /tmp hides the main checkout.
 */
export const sandboxMounts = async (input: { checkout: string; protect: string[]; resultDir: string; network: boolean }): Promise<SandboxMounts> => {
  const readOnly: string[] = [];
  for (const name of ALWAYS_READ_ONLY) {
    if ((await kindOf(join(input.checkout, name))) !== 'other') readOnly.push(join(input.checkout, name));
  }
  readOnly.push(...(await linkedGitDirs(input.checkout)));
  if (input.protect.length > 0) readOnly.push(...(await protectedPaths(input.checkout, '', input.protect)).map((rel) => join(input.checkout, rel)));
  return { checkout: input.checkout, readOnly, writable: [input.resultDir], network: input.network };
};

/** The topmost protected paths under `rel`, skipping swarm's and git's directories and symlinks. */
const protectedPaths = async (checkout: string, rel: string, globs: string[]): Promise<string[]> => {
  const names = await readdir(join(checkout, rel)).catch(() => [] as string[]);
  const paths = names.filter((name) => rel !== '' || !ALWAYS_READ_ONLY.includes(name)).map((name) => (rel === '' ? name : `${rel}/${name}`));
  const matched = new Set(matchProtected(paths, globs));
  const found: string[] = [];
  for (const path of paths) {
    const kind = await kindOf(join(checkout, path));
    if (kind === 'other') continue;
    if (matched.has(path)) found.push(path);
    else if (kind === 'dir') found.push(...(await protectedPaths(checkout, path, globs)));
  }
  return found;
};

/** A linked worktree's own git directory and the repository's common one, from its `.git` file. */
const linkedGitDirs = async (checkout: string): Promise<string[]> => {
  const pointer = await readFile(join(checkout, '.git'), 'utf8').catch(() => '');
  const gitDir = /^gitdir: (.+)$/m.exec(pointer)?.[1]?.trim();
  if (gitDir === undefined) return [];
  const own = resolve(checkout, gitDir);
  const common = (await readFile(join(own, 'commondir'), 'utf8').catch(() => '')).trim();
  const dirs = common === '' ? [own] : [resolve(own, common), own];
  const kinds = await Promise.all(dirs.map(kindOf));
  return dirs.filter((_, index) => kinds[index] === 'dir');
};

const kindOf = async (path: string): Promise<'dir' | 'file' | 'other'> => {
  const info = await lstat(path).catch(() => null);
  return info === null || info.isSymbolicLink() ? 'other' : info.isDirectory() ? 'dir' : info.isFile() ? 'file' : 'other';
};
