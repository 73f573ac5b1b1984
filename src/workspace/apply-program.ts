import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { identityFallback } from './commit-identity.js';
import { swarmOwnPathsIn } from './findings-path.js';
import { gitResult, runGit } from './git-command.js';

export interface ApplyProgramParams {
  root: string;
  /** The run's baseline commit: the diff starts here. */
  from: string;
  /** The attempt's last commit. */
  to: string;
  /** A scratch folder for the patch (inside `.swarm/`, which git ignores). */
  scratchDir: string;
  /** Create and switch to this branch first. */
  branch: string | null;
  /** A commit message, or null to leave the change staged. */
  message: string | null;
  /** The project's folder in the repository ('' at its root): its findings.md and .swarm are left out. */
  subdir?: string;
}

export interface AppliedProgram {
  files: string[];
  commit: string | null;
  branch: string | null;
}

const excludes = (subdir = ''): string[] => swarmOwnPathsIn(subdir).map((path) => `:(top,exclude)${path}`);

/**
 * Brings the program change `from..to` into the main tree as a patch (three-way where the tree
 * moved on since the baseline), without findings.md or `.swarm/`; commits it with a plain message
 * (no swarm trailers) or leaves it staged.
 */
export const applyProgram = async (p: ApplyProgramParams): Promise<AppliedProgram> => {
  const names = await runGit(p.root, ['diff', '--name-only', '--no-renames', '-z', p.from, p.to, '--', '.', ...excludes(p.subdir)]);
  const files = names.split('\0').filter((name) => name !== '');
  if (files.length === 0) throw new SwarmError('USAGE', `the attempt changes nothing in the program since the baseline (${p.from.slice(0, 10)}); there is nothing to apply`);
  if (p.branch !== null) {
    const switched = await gitResult(p.root, ['switch', '-c', p.branch]);
    if (switched.exitCode !== 0) throw new SwarmError('USAGE', `cannot create branch ${p.branch}: ${switched.output.split('\n')[0] ?? ''}; choose another name with --branch`);
  }
  const patch = join(p.scratchDir, `apply-${process.pid}.patch`);
  try {
    await runGit(p.root, ['diff', '--binary', '--full-index', `--output=${patch}`, p.from, p.to, '--', '.', ...excludes(p.subdir)]);
    const applied = await gitResult(p.root, ['apply', '--index', '--3way', '--whitespace=nowarn', patch]);
    if (applied.exitCode !== 0) {
      throw new SwarmError('GIT_FAILED', `the attempt's change does not apply to ${p.root}: ${applied.output.split('\n').slice(0, 4).join('; ')}; resolve the conflicts shown by \`git status\` and commit, or \`git reset --hard\` to undo`);
    }
  } finally {
    rmSync(patch, { force: true });
  }
  if (p.message === null) return { files, commit: null, branch: p.branch };
  // Only the program's files: anything the user staged under the ignored tool folders stays staged.
  const pathspec = join(p.scratchDir, `apply-${process.pid}.paths`);
  try {
    writeFileSync(pathspec, files.join('\0'));
    await runGit(p.root, ['commit', '-q', '-m', p.message, `--pathspec-from-file=${pathspec}`, '--pathspec-file-nul'], { config: await identityFallback(p.root) });
  } finally {
    rmSync(pathspec, { force: true });
  }
  const commit = (await runGit(p.root, ['rev-parse', 'HEAD'])).trim();
  return { files, commit, branch: p.branch };
};
