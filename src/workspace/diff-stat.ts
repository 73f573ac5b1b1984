import type { DiffStat } from '../core/ports/workspace.js';
import { runGit } from './git-command.js';

export type { DiffStat };

/** Parses `git diff --numstat -z --no-renames`: records `<added>\t<deleted>\t<path>`; binary files count `-` as 0. */
export const parseNumstat = (output: string): DiffStat => {
  const stat: DiffStat = { files: 0, insertions: 0, deletions: 0, paths: [] };
  for (const record of output.split('\0')) {
    const match = /^(\d+|-)\t(\d+|-)\t(.+)$/s.exec(record);
    if (!match) continue;
    const [, added = '-', deleted = '-', file = ''] = match;
    stat.files += 1;
    stat.insertions += added === '-' ? 0 : Number(added);
    stat.deletions += deleted === '-' ? 0 : Number(deleted);
    stat.paths.push(file);
  }
  return stat;
};

/** The options of every diff stat (see parseNumstat). */
export const NUMSTAT = ['--numstat', '-z', '--no-renames', '--no-ext-diff'];

/** Files, inserted and deleted lines between two commits (a rename counts as a deletion plus an addition). */
export const diffStat = async (root: string, from: string, to: string): Promise<DiffStat> => parseNumstat(await runGit(root, ['diff', ...NUMSTAT, from, to, '--']));

/** Every path added, modified, deleted or renamed (both names) between two commits. */
export const changedPaths = async (root: string, from: string, to: string): Promise<string[]> =>
  (await runGit(root, ['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', from, to, '--']))
    .split('\0')
    .filter((file) => file !== '');
