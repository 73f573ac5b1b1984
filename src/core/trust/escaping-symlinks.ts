/** The audit flag of an attempt that commits a symlink leaving its tree or standing at a path swarm owns. */
export const ESCAPING_SYMLINK = 'escaping-symlink';

/** Paths at the top of a checkout that swarm writes itself: a symlink there would redirect swarm's writes. */
export const SWARM_OWNED_PATHS: readonly string[] = ['.swarm', 'findings.md'];

/** A symlink of a committed tree: its repository-relative path and its target as stored. */
export interface TreeSymlink {
  path: string;
  target: string;
}

/**
 * Whether a symlink at `path` (repository-relative, forward slashes) resolves outside the tree,
 * read lexically: an absolute target, or more `..` than there are directories above it.
 */
export const leavesTree = (path: string, target: string): boolean => {
  if (target.startsWith('/') || target.includes('\0')) return true;
  const stack = path.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') stack.push(part);
    else if (stack.pop() === undefined) return true;
  }
  return false;
};

const swarmOwned = (path: string): boolean => SWARM_OWNED_PATHS.some((owned) => path === owned || path.startsWith(`${owned}/`));

/** The symlinks an attempt may not commit, each as `path -> target`: leaving the tree, or at a swarm-owned path. */
export const forbiddenSymlinks = (links: readonly TreeSymlink[]): string[] =>
  links.filter((link) => swarmOwned(link.path) || leavesTree(link.path, link.target)).map((link) => `${link.path} -> ${link.target}`);

/** Why an attempt with forbidden symlinks is invalid, naming them and the rule. */
export const escapingSymlinkReason = (links: readonly string[]): string =>
  `the attempt commits symlinks that leave its worktree or replace a path swarm owns (${links.slice(0, 5).join(', ')}${links.length > 5 ? `, and ${links.length - 5} more` : ''}); agents may only link inside their checkout, and never .swarm or findings.md`;
