import { lstat, mkdir, readlink, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, normalize } from 'node:path';
import { describeEscapes, envEscapes } from './env-escapes.js';

/** A `workspace.link` entry as a clean relative path (no leading `./`, no trailing `/`). */
export const linkPath = (entry: string): string => normalize(entry.replace(/^\.\//, '')).replace(/\/+$/, '');

/** Whether a `workspace.link` entry stays inside the checkout. */
export const isSafeLinkPath = (entry: string): boolean => {
  const rel = linkPath(entry);
  return rel !== '' && rel !== '.' && !rel.startsWith('..') && !rel.startsWith('/') && rel.split('/')[0] !== '.git' && rel.split('/')[0] !== '.swarm';
};

/** A `workspace.link` path not linked because what it holds runs the checkout's code, with the fix. */
export interface RefusedLink {
  path: string;
  reason: string;
  fix: string;
}

export interface SharedLinks {
  linked: string[];
  /** Paths the worktree has of its own (a tracked path is checked out there). */
  skipped: string[];
  /** Paths the checkout lacks. */
  missing: string[];
  refused: RefusedLink[];
}

const rebuildFix = (entry: string): string => {
  const name = basename(entry);
  const command = name === 'node_modules'
    ? '`npm install --no-audit --no-fund` (or `npm ci` where git tracks package-lock.json)'
    : /^\.?venv$|^env$/.test(name)
      ? `\`python3 -m venv ${entry} && ${entry}/bin/python -m pip install -e .\` plus the test runner (\`.[test]\` or \`pytest\`)`
      : 'the command that builds it';
  return `build ${entry} in each worktree instead: remove it from workspace.link and add ${command} to workspace.setup (swarm caches the result and relocates it per worktree)`;
};

/**
 * Links each `workspace.link` path of the worktree to the checkout's copy. Paths the checkout
 * lacks (`missing`), or the worktree already has as a file or folder of its own (a tracked path
 * is checked out there: `skipped`), are left alone; a link already pointing there is kept, so a
 * second call changes nothing. A path whose content resolves the project's code back into the
 * checkout (an editable install, a `node_modules` link into the repository) is never linked:
 * it is `refused`, with the fix, since the attempt's own code would not be what runs.
 */
export const linkShared = async (root: string, worktree: string, entries: readonly string[], checkout: string = root): Promise<SharedLinks> => {
  const linked: string[] = [];
  const skipped: string[] = [];
  const missing: string[] = [];
  const refused: RefusedLink[] = [];
  for (const entry of entries.filter(isSafeLinkPath).map(linkPath)) {
    const source = join(root, entry);
    const target = join(worktree, entry);
    if ((await lstat(source).catch(() => null)) === null) {
      missing.push(entry);
      continue;
    }
    const escapes = await envEscapes(source, { allowed: [source], forbidden: [checkout] });
    if (escapes.length > 0) {
      // A link of ours from an earlier call goes too: the worktree must not keep running the checkout's code.
      if ((await lstat(target).catch(() => null))?.isSymbolicLink() === true && (await readlink(target)) === source) await rm(target);
      refused.push({ path: entry, reason: `it would run your checkout's code, not the attempt's: ${describeEscapes(entry, escapes)}`, fix: rebuildFix(entry) });
      continue;
    }
    const existing = await lstat(target).catch(() => null);
    if (existing?.isSymbolicLink() === true) {
      if ((await readlink(target)) === source) {
        linked.push(entry);
        continue;
      }
      await rm(target);
    } else if (existing !== null) {
      skipped.push(entry);
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await symlink(source, target);
    linked.push(entry);
  }
  return { linked, skipped, missing, refused };
};
