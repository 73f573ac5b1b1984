import { join } from 'node:path';
import type { SwarmConfig } from '../../config-assembly/index.js';
import { isSafeLinkPath, linkPath } from '../../workspace/provision/index.js';

/**
 * The checkout paths `workspace.link` shares, to be checked around each evaluation; null under
 * the bwrap sandbox, whose read-only mounts of them make the check needless.
 */
export const sharedLinkTargets = (config: Pick<SwarmConfig, 'workspace' | 'evaluator'>, root: string, subdir = ''): { root: string; targets: string[] } | null => {
  if (config.evaluator.sandbox === 'bwrap' && config.evaluator.runner !== 'slurm') return null;
  const targets = config.workspace.link.filter(isSafeLinkPath).map((entry) => join(root, subdir, linkPath(entry)));
  return targets.length === 0 ? null : { root, targets };
};

/** The same paths as read-only mounts of the sandbox (they lie outside the checkout it makes writable). */
export const sandboxLinkMounts = (config: Pick<SwarmConfig, 'workspace'>, root: string, subdir = ''): string[] =>
  config.workspace.link.filter(isSafeLinkPath).map((entry) => join(root, subdir, linkPath(entry)));
