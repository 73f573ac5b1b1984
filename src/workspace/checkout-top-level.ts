import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { tryGit } from './git-command.js';

/** The top level of the checkout (main tree or linked worktree) that contains `dir`. */
export const checkoutTopLevel = async (dir: string): Promise<string> => {
  const absolute = path.resolve(dir);
  const top = await tryGit(absolute, ['rev-parse', '--show-toplevel']).catch(() => null);
  if (top === null || top.trim() === '') {
    throw new SwarmError('NOT_A_GIT_REPO', `${absolute} is not inside a git checkout; run \`swarm eval\` from your repository or an attempt's worktree`);
  }
  return realpath(top.trim()).catch(() => top.trim());
};

/** The commit checked out in `checkout`, or null when there is none. */
export const checkoutHead = async (checkout: string): Promise<string | null> =>
  (await tryGit(checkout, ['rev-parse', 'HEAD']))?.trim() ?? null;
