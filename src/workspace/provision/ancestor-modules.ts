import { lstat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isInside } from '../worktrees.js';
import { describeEscapes, envEscapes } from './env-escapes.js';
import type { RefusedLink } from './shared-links.js';

const exists = async (path: string): Promise<boolean> => (await lstat(path).catch(() => null)) !== null;

/**
 * Node resolves a package by climbing from the importing file's folder, and worktrees live below
 * the checkout (`.swarm/worktrees/`): a Node project whose worktree has no `node_modules` of its
 * own reaches the checkout's. When that one links packages into the repository (workspaces,
 * `file:`, `npm link`), the attempt would import the checkout's code for them: refused, with the fix.
 */
export const ancestorModulesEscape = async (root: string, worktree: string, subdir: string): Promise<RefusedLink | null> => {
  const project = join(worktree, subdir);
  if (!(await exists(join(project, 'package.json')))) return null;
  // Its own node_modules, anywhere from the project folder up to the worktree's root, comes first.
  for (let dir = project; isInside(worktree, dir); dir = dirname(dir)) {
    if (await exists(join(dir, 'node_modules'))) return null;
    if (dir === worktree) break;
  }
  for (let dir = dirname(worktree); isInside(root, dir); dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    const escapes = await envEscapes(modules, { allowed: [modules], forbidden: [root] });
    if (escapes.length > 0) {
      return {
        path: 'node_modules',
        reason: `the worktree has no node_modules, so Node climbs to ${modules}, whose links run your checkout's code: ${describeEscapes('node_modules', escapes)}`,
        fix: 'install node_modules in each worktree: add `npm install --no-audit --no-fund` (or `npm ci` where git tracks package-lock.json) to workspace.setup',
      };
    }
    if (dir === root) break;
  }
  return null;
};
