import { dirname } from 'node:path';
import { SwarmError } from '../core/errors.js';
import type { CommitAllParams } from '../core/ports/workspace.js';
import { renderCommitMessage } from './commit-message.js';
import { gitResult, runGit } from './git-command.js';

export type { CommitAllParams };

const head = async (worktree: string): Promise<string> => (await runGit(worktree, ['rev-parse', 'HEAD'], { ceiling: dirname(worktree) })).trim();

/**
 * Commits everything the agent left in the worktree (`git add --all`), trailers at the end of the message.
 * Nothing left to commit (the agent may have committed itself) returns HEAD with `changed: false`.
 * `config` carries the commit identity (see commitConfig).
 */
export const commitAll = async (worktree: string, p: CommitAllParams, config: string[]): Promise<{ commit: string; changed: boolean }> => {
  const ceiling = { ceiling: dirname(worktree) };
  await runGit(worktree, ['add', '--all'], ceiling);
  const message = renderCommitMessage(p);
  // Unabbreviated, the summary line names the new commit: no `rev-parse HEAD` after it.
  const commit = await gitResult(worktree, ['commit', '--no-verify', '--cleanup=whitespace', '-m', message], { config: [...config, 'core.abbrev=no'], ...ceiling });
  if (commit.exitCode !== 0) {
    // Usually "nothing to commit"; anything else is a real failure worth its message.
    const staged = await runGit(worktree, ['diff', '--cached', '--name-only', '-z'], ceiling);
    if (staged !== '') throw new SwarmError('GIT_FAILED', `\`git commit\` failed in ${worktree}: ${commit.output}`);
    return { commit: await head(worktree), changed: false };
  }
  const named = /^\[[^\]\n]* ([0-9a-f]{40,64})\]/m.exec(commit.output)?.[1];
  return { commit: named ?? (await head(worktree)), changed: true };
};
