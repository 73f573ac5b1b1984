import { commitConfig } from './commit-identity.js';
import { renderCommitMessage, type Trailers } from './commit-message.js';
import { runGit } from './git-command.js';

export interface CommitAllParams {
  subject: string;
  body?: string;
  trailers: Trailers;
}

const head = async (worktree: string): Promise<string> => (await runGit(worktree, ['rev-parse', 'HEAD'])).trim();

/**
 * Commits everything the agent left in the worktree (`git add --all`), trailers at the end of the message.
 * Nothing left to commit (the agent may have committed itself) returns HEAD with `changed: false`.
 */
export const commitAll = async (worktree: string, p: CommitAllParams): Promise<{ commit: string; changed: boolean }> => {
  await runGit(worktree, ['add', '--all']);
  const staged = await runGit(worktree, ['diff', '--cached', '--name-only', '-z']);
  if (staged === '') return { commit: await head(worktree), changed: false };
  const config = await commitConfig(worktree);
  const message = renderCommitMessage(p);
  await runGit(worktree, ['commit', '--no-verify', '--quiet', '--cleanup=whitespace', '-m', message], { config });
  return { commit: await head(worktree), changed: true };
};
