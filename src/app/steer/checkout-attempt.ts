import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SwarmError } from '../../core/domain/errors.js';
import { pruneMarkOf } from '../../store/prune-marks.js';
import { openProjectStore } from '../setup/open-store.js';

/** `swarm checkout <attempt> [dir]`: restores an attempt's branch as a worktree to inspect or continue. */
export const checkoutAttempt = async (options: { cwd: string; attemptId: string; dir?: string }): Promise<{ path: string; branch: string; commit: string | null }> => {
  const { store, paths, workspace } = await openProjectStore(options.cwd);
  try {
    const attempt = store.getAttempt(options.attemptId);
    if (!attempt) throw new SwarmError('NOT_FOUND', `no attempt ${options.attemptId}; list them with \`swarm status --all\``);
    if (!(await workspace.branchExists(attempt.branch))) {
      const pruned = pruneMarkOf(store, attempt.runId, attempt.id);
      if (pruned !== null) {
        throw new SwarmError('NOT_FOUND', `attempt ${attempt.id} was pruned: swarm prune --keep ${pruned.keep} deleted its branch ${attempt.branch} and logs on ${new Date(pruned.at).toISOString().slice(0, 16).replace('T', ' ')} UTC; the store still has its scores and diff stat (swarm show ${attempt.id}); to keep an attempt, name it in --keep`);
      }
      throw new SwarmError('NOT_FOUND', `attempt ${attempt.id} has no branch (${attempt.branch}); it was ${attempt.status} before anything was committed`);
    }
    // Not under .swarm/worktrees: a resumed run cleans that folder.
    const path = options.dir ? resolve(options.cwd, options.dir) : join(paths.swarmDir, 'checkouts', attempt.id);
    if (existsSync(path)) throw new SwarmError('USAGE', `${path} already exists; choose another directory: swarm checkout ${attempt.id} <dir>`);
    await workspace.checkoutAttempt(attempt.branch, path);
    return { path, branch: attempt.branch, commit: attempt.tipCommit };
  } finally {
    store.close();
  }
};
