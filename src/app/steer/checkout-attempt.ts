import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isSwarmError, SwarmError } from '../../core/domain/errors.js';
import { pruneMarkOf } from '../../store/prune-marks.js';
import { openProjectStore } from '../project/open-project.js';
import { provisionFailureText, provisionStep } from '../workspace/provision-step.js';

/** What `swarm checkout` put into the worktree as an attempt's is provisioned, and what it left out (each with why). */
export interface CheckoutProvisioning {
  copied: number;
  linked: string[];
  /** `ran`, `reused` (from the cache), or null without workspace.setup. */
  setup: 'ran' | 'reused' | null;
  leftOut: string[];
}

/**
 * `swarm checkout <attempt> [dir]`: restores an attempt's branch as a worktree to inspect or
 * continue, provisioned as the attempt's was (carried files, links, submodules, setup), so that
 * its evaluator runs there; what could not be provisioned is named in `provisioned.leftOut`.
 */
export const checkoutAttempt = async (options: { cwd: string; attemptId: string; dir?: string; progress?: (line: string) => void }): Promise<{ path: string; branch: string; commit: string | null; provisioned: CheckoutProvisioning }> => {
  const { project, store, paths, workspace } = await openProjectStore(options.cwd);
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
    let config;
    try {
      config = (await project.config()).config;
    } catch (error) {
      if (!isSwarmError(error)) throw error;
      return { path, branch: attempt.branch, commit: attempt.tipCommit, provisioned: { copied: 0, linked: [], setup: null, leftOut: [`everything the workspace section provisions: the config cannot be read (${error.message})`] } };
    }
    const provisioned = await provisionStep({
      config, root: workspace.root, subdir: workspace.subdir, setupCacheDir: paths.setupCacheDir, worktree: path,
      logDir: join(paths.logsDir, `checkout-${attempt.id}-${Date.now()}`), ids: { SWARM_RUN_ID: attempt.runId, SWARM_ATTEMPT_ID: attempt.id },
      ...(options.progress ? { progress: options.progress } : {}),
    });
    const failure = provisionFailureText(provisioned);
    const leftOut = [
      ...provisioned.missingLinks.map((link) => `${link} (workspace.link): your checkout has none`),
      ...provisioned.refused.map((r) => `${r.path}: ${r.reason}; ${r.fix}`),
      ...provisioned.missingSubmodules.map((module) => `submodule ${module}`),
      ...(provisioned.setup.failure === null || failure === null ? [] : [failure]),
    ];
    const setup = provisioned.setup.key === null ? null : provisioned.setup.ran ? 'ran' : 'reused';
    return { path, branch: attempt.branch, commit: attempt.tipCommit, provisioned: { copied: provisioned.copied.length, linked: provisioned.linked, setup, leftOut } };
  } finally {
    store.close();
  }
};
