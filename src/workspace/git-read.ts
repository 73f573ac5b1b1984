import type { FileAt } from '../core/ports/file-at.js';
import { gitResult } from './git-command.js';

/** The text of `relPath` at `commit`, or git's first line of why it has none (`git show <commit>:<path>`). */
export const readFileAt = async (root: string, commit: string, relPath: string): Promise<FileAt> => {
  const shown = await gitResult(root, ['show', `${commit}:${relPath}`]);
  return shown.exitCode === 0 ? { found: true, text: shown.output } : { found: false, detail: shown.output.split('\n')[0] ?? '' };
};
