import { dirname } from 'node:path';
import { runGit } from './git-command.js';

/**
 * Puts a worktree (and its branch) back at `commit` exactly: tracked files reset, everything else,
 * ignored files included, removed. After an evaluation this drops whatever the program or the
 * evaluator wrote, and any commit the program made, before the findings entry is committed.
 */
export const resetWorktree = async (worktree: string, commit: string): Promise<void> => {
  const ceiling = { ceiling: dirname(worktree) };
  await runGit(worktree, ['reset', '--quiet', '--hard', commit], ceiling);
  await runGit(worktree, ['clean', '--quiet', '-ffdx'], ceiling);
};
