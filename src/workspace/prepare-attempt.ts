import { rm } from 'node:fs/promises';
import { SwarmError } from '../core/domain/errors.js';
import type { PrepareAttemptParams, PreparedAttempt, Trailers } from '../core/ports/workspace.js';
import { renderCommitMessage } from './commit-message.js';
import { gitResult, runGit, tryGit } from './git-command.js';
import { resolveConflicts } from './resolve-conflicts.js';
import { isInside, listWorktrees, pathExists, removeWorktreeAt } from './worktrees.js';
import type { WorktreePool } from './worktree-pool.js';

/** What a prepare step needs from the workspace: where the repository is and its worktree mutex. */
export interface RepoContext {
  root: string;
  worktreesDir: string;
  locked: <T>(task: () => Promise<T>) => Promise<T>;
  /** Commit identity `-c` settings (see commitConfig), cached by the workspace. */
  commitSettings: () => Promise<string[]>;
  /** Where attempts' worktrees come from: an idle member moved to the new commit, or a new one. */
  pool: WorktreePool;
}

export type { PrepareAttemptParams, PreparedAttempt };

const FULL_SHA = /^[0-9a-f]{40}$/;

const resolveParent = async (root: string, parent: { commit: string; label: string }): Promise<string> => {
  const sha = await tryGit(root, ['rev-parse', '--verify', '--quiet', `${parent.commit}^{commit}`]);
  if (sha === null || sha.trim() === '') {
    throw new SwarmError('NOT_FOUND', `parent ${parent.label} (${parent.commit}) is not a commit in ${root}`);
  }
  return sha.trim();
};

const branchExists = async (root: string, branch: string): Promise<boolean> =>
  (await tryGit(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])) !== null;

/** Discards what an interrupted attempt left: worktrees that have its branch, the branch, its directory. */
const discardAttempt = async (repo: RepoContext, branch: string, worktreePath: string, hasBranch: boolean): Promise<void> => {
  if (hasBranch) {
    for (const worktree of await listWorktrees(repo.root)) {
      if (worktree.branch === branch) await removeWorktreeAt(repo.root, worktree.path);
    }
    await runGit(repo.root, ['branch', '--delete', '--force', branch]);
  }
  if (isInside(repo.worktreesDir, worktreePath) && (await pathExists(worktreePath))) {
    await removeWorktreeAt(repo.root, worktreePath);
    await rm(worktreePath, { recursive: true, force: true });
  }
};

/** Merges `commit` into the worktree without committing; conflicts are resolved mechanically. */
const mergeParent = async (worktree: string, commit: string, label: string, config: string[]): Promise<string[]> => {
  const merge = await gitResult(worktree, ['merge', '--no-commit', '--no-ff', '--no-edit', commit], { config });
  const conflicts = merge.exitCode === 0 ? [] : await resolveConflicts(worktree, label);
  if (merge.exitCode !== 0 && conflicts.length === 0) {
    throw new SwarmError('GIT_FAILED', `\`git merge ${commit}\` (parent ${label}) failed in ${worktree}: ${merge.output.trim()}`);
  }
  if ((await tryGit(worktree, ['rev-parse', '--verify', '--quiet', 'MERGE_HEAD'])) !== null) {
    await runGit(worktree, ['commit', '--no-verify', '--quiet', '-m', `swarm: merge ${label}`], { config });
  }
  return conflicts;
};

/** Records all parents in one prepare commit whose tree is the result of the successive merges. */
const commitPrepare = async (worktree: string, parents: string[], message: string, trailers: Trailers, config: string[]) => {
  const [subject = '', ...rest] = message.split('\n');
  const text = renderCommitMessage({ subject, body: rest.join('\n'), trailers });
  const tree = (await runGit(worktree, ['rev-parse', 'HEAD^{tree}'])).trim();
  const parentArgs = [...new Set(parents)].flatMap((sha) => ['-p', sha]);
  const commit = (await runGit(worktree, ['commit-tree', tree, ...parentArgs, '-m', text], { config })).trim();
  await runGit(worktree, ['reset', '--soft', commit]);
  return commit;
};

/**
 * Creates the attempt's branch at the first parent with a worktree, merges the other parents
 * (conflicts resolved mechanically) and commits the result with trailers.
 * An existing branch is an error unless `recreate` (resume after a crash) allows discarding it.
 */
export const prepareAttempt = async (
  repo: RepoContext,
  p: PrepareAttemptParams,
  options: { recreate?: boolean } = {},
): Promise<PreparedAttempt> => {
  const [first, ...others] = p.parents;
  if (first === undefined) throw new SwarmError('INTERNAL', `attempt branch ${p.branch} needs at least one parent`);
  if (options.recreate === true) await repo.locked(async () => discardAttempt(repo, p.branch, p.worktreePath, await branchExists(repo.root, p.branch)));
  // The common case costs one or two git calls; the checks that explain a failure run only after one.
  try {
    await repo.pool.acquire(p.worktreePath, p.branch, first.commit);
  } catch (error) {
    if (await branchExists(repo.root, p.branch)) {
      throw new SwarmError(
        'GIT_FAILED',
        `branch ${p.branch} already exists in ${repo.root}; pass { recreate: true } to discard it, or delete it with \`git branch -D ${p.branch}\``,
      );
    }
    await resolveParent(repo.root, first);
    throw error instanceof SwarmError ? error : new SwarmError('GIT_FAILED', error instanceof Error ? error.message : String(error), { cause: error });
  }
  if (others.length === 0) {
    const baseCommit = FULL_SHA.test(first.commit) ? first.commit : await resolveParent(repo.root, first);
    return { worktree: p.worktreePath, baseCommit, conflicts: [] };
  }
  try {
    const shas = await Promise.all(p.parents.map((parent) => resolveParent(repo.root, parent)));
    const config = await repo.commitSettings();
    const conflicts = new Set<string>();
    for (const [index, parent] of others.entries()) {
      const resolved = await mergeParent(p.worktreePath, shas[index + 1] ?? parent.commit, parent.label, config);
      for (const file of resolved) conflicts.add(file);
    }
    const baseCommit = await commitPrepare(p.worktreePath, shas, p.message, p.trailers, config);
    return { worktree: p.worktreePath, baseCommit, conflicts: [...conflicts] };
  } catch (error) {
    await repo.locked(async () => {
      await removeWorktreeAt(repo.root, p.worktreePath).catch(() => undefined);
      await tryGit(repo.root, ['branch', '--delete', '--force', p.branch]);
    });
    throw error;
  }
};
