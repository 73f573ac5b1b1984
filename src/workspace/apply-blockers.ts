import { runGit } from './git-command.js';

/** What in the user's tree `swarm apply` would overwrite or mix its change with. */
export interface ApplyBlockers {
  /** Tracked files with changes, staged or not: the adopted change would be mixed into them. */
  modified: string[];
  /** Untracked files at paths the attempt's change writes: they would be overwritten. */
  untracked: string[];
}

/**
 * The changes in `root` that stand in the way of applying `from..to` (the program's files, without
 * `excluded`): any modified tracked file, and untracked files only where the change writes; an
 * untracked file elsewhere is the user's and is left alone, as git itself would. Paths under
 * `ignored` (the agent tools' folders) never count.
 */
export const applyBlockers = async (root: string, change: { from: string; to: string; excluded: readonly string[] }, ignored: readonly string[]): Promise<ApplyBlockers> => {
  const skip = [...change.excluded, ...ignored].map((path) => `:(exclude)${path}`);
  const [status, names] = await Promise.all([
    runGit(root, ['status', '--porcelain', '-z', '--untracked-files=all', '--', '.', ...skip]),
    runGit(root, ['diff', '--name-only', '--no-renames', '-z', change.from, change.to, '--', '.', ...skip]),
  ]);
  const written = new Set(names.split('\0').filter((name) => name !== ''));
  const modified: string[] = [];
  const untracked: string[] = [];
  const entries = status.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? '';
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    const path = entry.slice(3);
    if (code === '??') {
      if (written.has(path)) untracked.push(path);
      continue;
    }
    if (code === '!!') continue;
    modified.push(path);
    // A rename or copy names its source in the next entry.
    if (code.startsWith('R') || code.startsWith('C')) i++;
  }
  return { modified, untracked };
};

/** The blockers in one line for the refusal ("modified prog.js, util.js; untracked new.js, which the attempt writes"), or null when none. */
export const describeBlockers = (blockers: ApplyBlockers): string | null => {
  const list = (paths: readonly string[]): string => (paths.length > 5 ? `${paths.slice(0, 5).join(', ')} and ${paths.length - 5} more` : paths.join(', '));
  const parts = [
    ...(blockers.modified.length > 0 ? [`modified ${list(blockers.modified)}`] : []),
    ...(blockers.untracked.length > 0 ? [`untracked ${list(blockers.untracked)}, which the attempt writes`] : []),
  ];
  return parts.length === 0 ? null : parts.join('; ');
};
