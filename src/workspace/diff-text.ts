import { runGit } from './git-command.js';

/**
 * The unified diff between two commits, leaving out `exclude` (paths from the repository root),
 * without external diff drivers or textconv filters (an agent's `.gitattributes` must not run
 * programs here), and with renames shown as renames.
 */
export const diffText = async (root: string, from: string, to: string, exclude: readonly string[]): Promise<string> =>
  runGit(root, ['diff', '--no-ext-diff', '--no-textconv', '--no-color', '-M', from, to, '--', '.', ...exclude.map((path) => `:(top,exclude)${path}`)]);
