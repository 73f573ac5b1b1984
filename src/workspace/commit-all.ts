import { dirname } from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import type { CommitAllParams } from '../core/ports/workspace.js';
import { renderCommitMessage } from './commit-message.js';
import { RAW_NUMSTAT, parseNumstat, type DiffStat } from './diff-stat.js';
import { gitResult, runGit } from './git-command.js';
import { readProvisioned } from './provision/provisioned-paths.js';

export type { CommitAllParams };

const head = async (worktree: string): Promise<string> => (await runGit(worktree, ['rev-parse', 'HEAD'], { ceiling: dirname(worktree) })).trim();

/**
 * Commits everything the agent left in the worktree (`git add --all`), trailers at the end of the message.
 * Nothing left to commit (the agent may have committed itself) returns HEAD with `changed: false`.
 * `config` carries the commit identity (see commitConfig).
 */
export const commitAll = async (worktree: string, p: CommitAllParams, config: string[]): Promise<{ commit: string; changed: boolean }> => {
  await stageAll(worktree);
  return commitStaged(worktree, p, config);
};

/**
 * `commitAll` with the diff stat of the commit against `from`. Once everything is staged, the index
 * holds the tree being committed, so its stat (`diff --cached`, which never writes the index) is
 * read while git commits: one git process less on the attempt's critical path.
 */
export const commitAllWithStat = async (worktree: string, p: CommitAllParams, config: string[], from: string): Promise<{ commit: string; changed: boolean; diff: DiffStat }> => {
  const ceiling = { ceiling: dirname(worktree) };
  await stageAll(worktree);
  const [commit, stat] = await Promise.all([commitStaged(worktree, p, config), runGit(worktree, ['diff', '--cached', ...RAW_NUMSTAT, from, '--'], ceiling)]);
  return { ...commit, diff: parseNumstat(stat) };
};

/**
 * `git add --all`, leaving out what provisioning put into the worktree (carried-in files, shared
 * links, setup outputs): an agent that staged one, or un-ignored it, still never commits it.
 */
const stageAll = async (worktree: string): Promise<void> => {
  const ceiling = { ceiling: dirname(worktree) };
  // Staged, then taken out again: an exclude pathspec naming an ignored file makes `git add` fail.
  await runGit(worktree, ['add', '--all'], ceiling);
  const provisioned = await readProvisioned(worktree);
  if (provisioned.length === 0) return;
  const staged = await runGit(worktree, ['diff', '--cached', '--name-only', '-z', '--', ...provisioned.map((path) => `:(literal)${path}`)], ceiling);
  if (staged !== '') await runGit(worktree, ['reset', '--quiet', '--', ...provisioned.map((path) => `:(literal)${path}`)], ceiling);
};

/** Commits the index of `worktree` (see commitAll). */
const commitStaged = async (worktree: string, p: CommitAllParams, config: string[]): Promise<{ commit: string; changed: boolean }> => {
  const ceiling = { ceiling: dirname(worktree) };
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
