import { commitConfig } from './commit-identity.js';
import { runGit, tryGit } from './git-command.js';

/** Whether `dir` is inside a git working tree. */
export const insideRepository = async (dir: string): Promise<boolean> =>
  (await tryGit(dir, ['rev-parse', '--is-inside-work-tree']))?.trim() === 'true';

/** `git init` on branch main and one commit of everything in `dir`; returns the commit. */
export const initRepository = async (dir: string, message: string): Promise<string> => {
  await runGit(dir, ['init', '-q', '-b', 'main']);
  await runGit(dir, ['add', '-A']);
  await runGit(dir, ['commit', '-q', '--no-verify', '-m', message], { config: await commitConfig(dir) });
  return (await runGit(dir, ['rev-parse', 'HEAD'])).trim();
};
