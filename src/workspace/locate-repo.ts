import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { tryGit } from './git-command.js';

export interface RepoLocation {
  /** Top level of the main working tree (never a linked worktree). */
  root: string;
  /** The shared `.git` directory (`--git-common-dir`), absolute. */
  commonDir: string;
}

const notARepo = (dir: string): SwarmError =>
  new SwarmError('NOT_A_GIT_REPO', `${dir} is not a git repository; run \`git init\` and commit your program first`);

/** The path of the first `worktree` record of `git worktree list --porcelain`, which git always makes the main one. */
const mainWorktreeOf = (porcelain: string): string | null => {
  const line = porcelain.split('\n').find((entry) => entry.startsWith('worktree '));
  return line === undefined ? null : line.slice('worktree '.length);
};

/**
 * Finds the main repository containing `dir`, also from a subdirectory or from a linked worktree
 * (so `swarm eval` run inside `.swarm/worktrees/a7` finds the repository that owns the run).
 */
export const locateRepo = async (dir: string): Promise<RepoLocation> => {
  const absolute = path.resolve(dir);
  const paths = await tryGit(absolute, ['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-common-dir']).catch(
    () => null,
  );
  const [topLevel = '', common = ''] = (paths ?? '').split('\n').map((line) => line.trim());
  if (topLevel === '' || common === '') throw notARepo(absolute);
  // The main tree holds the common `.git`; only unusual layouts (separate git dir) need the listing.
  const listing = path.basename(common) === '.git' ? null : await tryGit(absolute, ['worktree', 'list', '--porcelain']);
  const main = path.basename(common) === '.git' ? path.dirname(common) : ((listing === null ? null : mainWorktreeOf(listing)) ?? topLevel);
  const root = await realpath(main).catch(() => main);
  const commonDir = await realpath(common).catch(() => common);
  if ((await tryGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])) === null) {
    throw new SwarmError(
      'NOT_A_GIT_REPO',
      `${root} has no commits yet; commit your baseline program first (git add -A && git commit -m baseline)`,
    );
  }
  return { root, commonDir };
};
