import type { DiffStat } from '../core/ports/workspace.js';
import { runGit } from './git-command.js';

export type { DiffStat };

/**
 * Parses `git diff --numstat -z --no-renames`: records `<added>\t<deleted>\t<path>`; binary files
 * count `-` as 0. With `--raw` too (RAW_NUMSTAT), the raw records (`:<mode> <mode> <id> <id> <status>`
 * then the path) come first: those whose new mode is a symlink's give `links`.
 */
export const parseNumstat = (output: string): DiffStat => {
  const stat: DiffStat = { files: 0, insertions: 0, deletions: 0, paths: [] };
  const records = output.split('\0');
  for (let i = 0; i < records.length; i++) {
    const record = records[i] ?? '';
    const raw = /^:\d{6} (\d{6}) [0-9a-f]+ ([0-9a-f]+) [A-Z]/.exec(record);
    if (raw) {
      const file = records[++i] ?? '';
      stat.links ??= [];
      if (raw[1] === '120000' && raw[2] !== undefined) stat.links.push({ path: file, blob: raw[2] });
      continue;
    }
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

/** NUMSTAT with the raw records (modes and full blob ids) before it: the commit step's stat. */
export const RAW_NUMSTAT = ['--raw', '--no-abbrev', ...NUMSTAT];

/** Files, inserted and deleted lines between two commits (a rename counts as a deletion plus an addition). */
export const diffStat = async (root: string, from: string, to: string): Promise<DiffStat> => parseNumstat(await runGit(root, ['diff', ...NUMSTAT, from, to, '--']));

/** Every path added, modified, deleted or renamed (both names) between two commits. */
export const changedPaths = async (root: string, from: string, to: string): Promise<string[]> =>
  (await runGit(root, ['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', from, to, '--']))
    .split('\0')
    .filter((file) => file !== '');
