import { tryGit } from './git-command.js';

/**
 * Of `paths` (relative to `dir`), those git ignores (`git check-ignore`), in input order. One git
 * process; none ignored (git exits 1) is an empty list.
 */
export const ignoredPaths = async (dir: string, paths: readonly string[]): Promise<string[]> => {
  if (paths.length === 0) return [];
  const out = await tryGit(dir, ['check-ignore', '--stdin', '-z'], { input: `${paths.join('\0')}\0` });
  const ignored = new Set((out ?? '').split('\0').filter((path) => path !== ''));
  return paths.filter((path) => ignored.has(path));
};

/** Files git tracks under `dir` (relative to it, `/`-separated); one git process. */
export const trackedFiles = async (dir: string): Promise<string[]> => {
  const out = await tryGit(dir, ['ls-files', '-z', '--', '.']);
  return (out ?? '').split('\0').filter((path) => path !== '');
};
