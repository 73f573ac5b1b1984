import type { FileAt } from '../core/file-at.js';
import { gitResult, runGit } from './git-command.js';

/**
 * Entries of the whole tree of `commit` (`git ls-tree -r --full-tree`), one per file:
 * `<mode> <type> <object>\t<path>`.
 */
export const listTree = async (root: string, commit: string): Promise<string[]> =>
  (await runGit(root, ['ls-tree', '-r', '-z', '--full-tree', commit])).split('\0').filter((entry) => entry !== '');

/** The text of `relPath` at `commit`, or git's first line of why it has none (`git show <commit>:<path>`). */
export const readFileAt = async (root: string, commit: string, relPath: string): Promise<FileAt> => {
  const shown = await gitResult(root, ['show', `${commit}:${relPath}`]);
  return shown.exitCode === 0 ? { found: true, text: shown.output } : { found: false, detail: shown.output.split('\n')[0] ?? '' };
};
