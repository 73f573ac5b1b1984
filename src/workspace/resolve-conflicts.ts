import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { gitShowBytes, runGit } from './git-command.js';

interface UnmergedPath {
  path: string;
  /** Index stage (1 base, 2 ours = first parent, 3 theirs = merged parent) -> mode and blob. */
  stages: Map<number, { mode: string; blob: string }>;
}

/** Parses `git ls-files --unmerged -z`: records `<mode> <blob> <stage>\t<path>`. */
export const parseUnmerged = (listing: string): UnmergedPath[] => {
  const byPath = new Map<string, UnmergedPath>();
  for (const record of listing.split('\0')) {
    const match = /^(\d+) ([0-9a-f]+) ([123])\t(.+)$/s.exec(record);
    if (!match) continue;
    const [, mode = '', blob = '', stage = '', file = ''] = match;
    const entry = byPath.get(file) ?? { path: file, stages: new Map() };
    entry.stages.set(Number(stage), { mode, blob });
    byPath.set(file, entry);
  }
  return [...byPath.values()];
};

/** Where the merged parent's version of a conflicted file is kept: `solve.py` -> `solve.from-a12.py`. */
export const sideFileName = (file: string, label: string): string => {
  const dir = path.posix.dirname(file);
  const base = path.posix.basename(file);
  const ext = path.posix.extname(base);
  const stem = base.slice(0, base.length - ext.length);
  const safeLabel = label.replace(/[^A-Za-z0-9._-]/g, '-');
  const name = `${stem}.from-${safeLabel}${ext}`;
  return dir === '.' ? name : `${dir}/${name}`;
};

/**
 * Resolves every conflict of an in-progress merge mechanically: the first parent's version stays
 * (including its deletion), the merged parent's version is saved beside it under `sideFileName`.
 * Returns the conflicted paths.
 */
export const resolveConflicts = async (worktree: string, label: string): Promise<string[]> => {
  const entries = parseUnmerged(await runGit(worktree, ['ls-files', '--unmerged', '-z']));
  const sideFiles: string[] = [];
  for (const entry of entries) {
    const theirs = entry.stages.get(3);
    if (theirs === undefined) continue;
    const bytes = await gitShowBytes(worktree, theirs.blob);
    if (bytes === null) {
      throw new SwarmError('GIT_FAILED', `cannot read blob ${theirs.blob} of ${entry.path} in ${worktree}`);
    }
    const side = sideFileName(entry.path, label);
    const target = path.join(worktree, side);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    if (theirs.mode === '100755') await chmod(target, 0o755);
    sideFiles.push(side);
  }
  const kept = entries.filter((entry) => entry.stages.has(2)).map((entry) => entry.path);
  const deletedByFirst = entries.filter((entry) => !entry.stages.has(2)).map((entry) => entry.path);
  if (kept.length > 0) {
    await runGit(worktree, ['checkout', '--ours', '--', ...kept]);
    await runGit(worktree, ['add', '--', ...kept]);
  }
  if (deletedByFirst.length > 0) {
    await runGit(worktree, ['rm', '--quiet', '--force', '--ignore-unmatch', '--', ...deletedByFirst]);
  }
  if (sideFiles.length > 0) await runGit(worktree, ['add', '--force', '--', ...sideFiles]);
  return entries.map((entry) => entry.path);
};
