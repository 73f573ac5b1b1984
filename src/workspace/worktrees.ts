import { lstat, mkdir, readFile, realpath, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { gitResult, runGit, tryGit } from './git-command.js';

/** One record of `git worktree list`. */
export interface WorktreeInfo {
  path: string;
  /** Short branch name, or null for a detached HEAD. */
  branch: string | null;
  head: string;
}

/** Parses `git worktree list --porcelain -z` (NUL-separated fields, an empty field between records). */
export const parseWorktreeList = (porcelain: string): WorktreeInfo[] => {
  const worktrees: WorktreeInfo[] = [];
  let current: WorktreeInfo | null = null;
  for (const field of porcelain.split('\0')) {
    if (field.startsWith('worktree ')) {
      current = { path: field.slice('worktree '.length), branch: null, head: '' };
      worktrees.push(current);
    } else if (current !== null && field.startsWith('HEAD ')) {
      current.head = field.slice('HEAD '.length);
    } else if (current !== null && field.startsWith('branch ')) {
      current.branch = field.slice('branch '.length).replace(/^refs\/heads\//, '');
    }
  }
  return worktrees;
};

/** Whether two paths are the same once made absolute, without touching the disk (symlinks are not resolved). */
export const sameResolvedPath = (a: string, b: string): boolean => path.resolve(a) === path.resolve(b);

/** True when `child` is `parent` itself or lies below it. */
export const isInside = (parent: string, child: string): boolean => {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

export const pathExists = async (target: string): Promise<boolean> =>
  stat(target).then(
    () => true,
    () => false,
  );

export const listWorktrees = async (root: string): Promise<WorktreeInfo[]> =>
  parseWorktreeList(await runGit(root, ['worktree', 'list', '--porcelain', '-z']));

/** `git worktree add`; `newBranch` creates the branch at `commit`, else `commit` names an existing branch. */
export const addWorktree = async (
  root: string,
  target: string,
  p: { newBranch?: string; commit: string },
): Promise<void> => {
  await mkdir(path.dirname(target), { recursive: true });
  const branchArgs = p.newBranch === undefined ? [] : ['-b', p.newBranch];
  await runGit(root, ['worktree', 'add', '--quiet', ...branchArgs, target, p.commit]);
};

/**
 * Removes a worktree (uncommitted work included; locked ones too) and keeps its branch.
 * A directory that is already gone only needs its registration pruned.
 */
export const removeWorktreeAt = async (root: string, target: string): Promise<void> => {
  // An agent that replaced its worktree by a symlink: the link goes, nothing it points to is read or removed.
  if ((await lstat(target).catch(() => null))?.isSymbolicLink() === true) {
    await unlink(target);
    await runGit(root, ['worktree', 'prune']);
    return;
  }
  if (await removeLinkedWorktreeFiles(root, target)) return;
  const removal = await gitResult(root, ['worktree', 'remove', '--force', '--force', target]);
  if (removal.exitCode === 0) return;
  await tryGit(root, ['worktree', 'unlock', target]);
  await runGit(root, ['worktree', 'prune']);
  const registered = (await listWorktrees(root)).some((worktree) => sameResolvedPath(worktree.path, target));
  if (registered) {
    throw new SwarmError(
      'GIT_FAILED',
      `\`git worktree remove --force ${target}\` failed in ${root}: ${removal.output.trim()}; remove the directory by hand and run \`git worktree prune\``,
    );
  }
};

/** The administrative directory (`.git/worktrees/<name>`) of the linked worktree at `target`, or null. */
const adminDirOf = async (root: string, target: string): Promise<string | null> => {
  // The worktree's `.git` is the agent's to rewrite: only a directory of this repository's own `.git/worktrees` is taken.
  const link = /^gitdir: (.+)$/m.exec(await readFile(path.join(target, '.git'), 'utf8').catch(() => ''))?.[1]?.trim();
  if (link === undefined || !path.isAbsolute(link)) return null;
  const real = (p: string): Promise<string> => realpath(p).catch(() => path.resolve(p));
  if ((await real(path.dirname(link))) !== (await real(path.join(root, '.git', 'worktrees')))) return null;
  const back = (await readFile(path.join(link, 'gitdir'), 'utf8').catch(() => '')).trim();
  return back !== '' && sameResolvedPath(back, path.join(target, '.git')) ? link : null;
};

/**
 * What `git worktree remove --force --force` does for an intact linked worktree, without a git
 * process: the directory, then its administrative entry. False (nothing removed) when the
 * worktree is not plainly linked, e.g. its `.git` file is gone; git then handles it.
 */
const removeLinkedWorktreeFiles = async (root: string, target: string): Promise<boolean> => {
  const admin = await adminDirOf(root, target);
  if (admin === null) return false;
  await rm(target, { recursive: true, force: true });
  await rm(admin, { recursive: true, force: true });
  return true;
};
