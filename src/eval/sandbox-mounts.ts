import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import picomatch from 'picomatch';
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
export const sandboxMounts = async (input: { checkout: string; protect: string[]; resultDir: string; network: boolean; shared?: string[] }): Promise<SandboxMounts> => {
  const readOnly: string[] = [];
  // workspace.link targets: the checkout's copies the worktree's links point to (hidden by the
  // private /tmp, or read-only with the host, but never writable from inside).
  for (const path of input.shared ?? []) {
    const real = await realpath(path).catch(() => null);
    if (real !== null) readOnly.push(real);
  }
  for (const name of ALWAYS_READ_ONLY) {
    if ((await kindOf(join(input.checkout, name))) !== 'other') readOnly.push(join(input.checkout, name));
  }
  readOnly.push(...(await linkedGitDirs(input.checkout)));
  if (input.protect.length > 0) readOnly.push(...(await protectedPaths(input.checkout, input.protect)).map((rel) => join(input.checkout, rel)));
  return { checkout: input.checkout, readOnly, writable: [input.resultDir], network: input.network };
};

/**
 * The topmost existing paths the protect globs match. Each glob is searched from its static base
 * (`data/**` from `data`, `evaluate.py` is looked up directly) and no deeper than its pattern
 * reaches, so a large untracked tree beside it (a virtualenv, node_modules) is never walked.
 */
const protectedPaths = async (checkout: string, globs: string[]): Promise<string[]> => {
  const found = new Set<string>();
  for (const pattern of globs.map((glob) => glob.replace(/^\.\//, '').replace(/\/+$/, '')).filter((glob) => glob !== '')) {
    const { base, glob, isGlob } = picomatch.scan(pattern);
    if (!isGlob) {
      if ((await kindOf(join(checkout, base))) !== 'other') found.add(base);
      continue;
    }
    const depth = glob.includes('**') ? Infinity : glob.split('/').length;
    for (const path of await walkMatches(checkout, base, depth, [pattern])) found.add(path);
  }
  const paths = [...found].sort();
  // A path inside another protected directory is covered by that directory's mount.
  return paths.filter((path) => !paths.some((other) => path.startsWith(`${other}/`)) && !isSwarmOrGit(path));
};

/** Entries below `rel`, at most `depth` levels down, that match; a match is not descended into. */
const walkMatches = async (checkout: string, rel: string, depth: number, globs: string[]): Promise<string[]> => {
  if (depth <= 0 || isSwarmOrGit(rel)) return [];
  const names = await readdir(join(checkout, rel)).catch(() => [] as string[]);
  const paths = names.map((name) => (rel === '' ? name : `${rel}/${name}`)).filter((path) => !isSwarmOrGit(path));
  const matched = new Set(matchProtected(paths, globs));
  const below = await Promise.all(paths.map(async (path): Promise<string[]> => {
    const kind = await kindOf(join(checkout, path));
    if (kind === 'other') return [];
    if (matched.has(path)) return [path];
    return kind === 'dir' ? walkMatches(checkout, path, depth - 1, globs) : [];
  }));
  return below.flat();
};

const isSwarmOrGit = (path: string): boolean => ALWAYS_READ_ONLY.includes(path.split('/')[0] ?? '');

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
