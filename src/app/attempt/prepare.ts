import { SwarmError } from '../../core/domain/errors.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import type { Logger } from '../project/logger.js';
import type { RunDeps } from '../context/run-context.js';

/** The attempt's branch and worktree, made from its parents' commits. */
export interface PreparedWorktree {
  worktree: string;
  baseCommit: string;
  /** The trailers of every commit of the attempt. */
  trailers: Record<string, string>;
}

const parentCommits = (store: RunDeps['store'], parents: readonly string[]): Array<{ commit: string; label: string }> =>
  parents.map((id) => {
    const parent = store.requireAttempt(id);
    const commit = parent.tipCommit ?? parent.headCommit;
    if (commit === null) throw new SwarmError('INTERNAL', `parent ${id} of a new attempt has no commit; only recorded attempts can be parents`);
    return { commit, label: id };
  });

const trailersFor = (attempt: AttemptRecord, spec: AttemptSpec): Record<string, string> => ({
  'Swarm-Attempt': attempt.id,
  'Swarm-Parent': spec.parents.join(', '),
  ...(spec.informedBy.length > 0 ? { 'Informed-By': spec.informedBy.join(', ') } : {}),
});

/** What the prepare step reads: the parents' commits in the store, and the workspace that makes the branch. */
export type PrepareDeps = Pick<RunDeps, 'store' | 'workspace'>;

/** Step prepare: the branch from the first parent, the others merged in (conflicts resolved mechanically), and its worktree. */
export const prepareWorktree = async (ctx: PrepareDeps, attempt: AttemptRecord, spec: AttemptSpec, worktree: string, log: Logger): Promise<PreparedWorktree> => {
  const trailers = trailersFor(attempt, spec);
  const prepared = await ctx.workspace.prepareAttempt({
    branch: attempt.branch,
    worktreePath: worktree,
    parents: parentCommits(ctx.store, spec.parents),
    message: spec.parents.length > 1 ? `swarm: prepare ${attempt.id}, merge of ${spec.parents.join(' and ')}` : `swarm: prepare ${attempt.id}`,
    trailers,
  });
  if (prepared.conflicts.length > 0) log.info({ conflicts: prepared.conflicts }, 'merge conflicts resolved mechanically');
  return { worktree, baseCommit: prepared.baseCommit, trailers };
};
