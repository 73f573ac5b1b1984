import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { copyIndex } from './index-copy.js';
import { dirname, isAbsolute, join } from 'node:path';
import { runGit, tryGit, type GitCallOptions } from './git-command.js';

/** The content of a checkout's files (tracked and untracked, not ignored) at one moment, as a git tree. */
export interface WorktreeSnapshot {
  checkout: string;
  tree: string;
  /** Scratch index and object directory; the checkout's own index and object store get nothing. */
  scratch: { dir: string; index: string; options: GitCallOptions };
  /** The checkout's index file (a copy is kept, to undo a `git add` of the program). */
  index: string;
  /** What HEAD named (a branch, or null when detached) and the commit it was at. */
  headRef: string | null;
  headCommit: string | null;
}

const CHUNK = 200;

const gitPath = async (checkout: string, name: string): Promise<string> => {
  const path = (await runGit(checkout, ['rev-parse', '--git-path', name], { ceiling: dirname(checkout) })).trim();
  return isAbsolute(path) ? path : join(checkout, path);
};

/** The checkout's files as a tree, written through the scratch index into the scratch objects. */
const scratchTree = async (checkout: string, options: GitCallOptions): Promise<string> => {
  await runGit(checkout, ['add', '--all'], options);
  return (await runGit(checkout, ['write-tree'], options)).trim();
};

/**
 * Records the checkout as it is now. The scratch index starts as a copy of the checkout's index,
 * so git rehashes only the files that changed since; new blobs go to a scratch object directory
 * (the repository's objects stay readable as alternates), so this works where `.git` is
 * read-only, as in Codex's workspace-write sandbox, and leaves no loose objects behind.
 */
export const snapshotWorktree = async (checkout: string): Promise<WorktreeSnapshot> => {
  const ceiling = { ceiling: dirname(checkout) };
  const dir = await mkdtemp(join(tmpdir(), 'swarm-snapshot-'));
  await mkdir(join(dir, 'objects'));
  const index = await gitPath(checkout, 'index');
  const scratchIndex = join(dir, 'index');
  await copyIndex(index, scratchIndex);
  await copyIndex(index, join(dir, 'index.orig'));
  const env = { GIT_INDEX_FILE: scratchIndex, GIT_OBJECT_DIRECTORY: join(dir, 'objects'), GIT_ALTERNATE_OBJECT_DIRECTORIES: await gitPath(checkout, 'objects') };
  const scratch = { dir, index: scratchIndex, options: { ...ceiling, env } };
  const headRef = (await tryGit(checkout, ['symbolic-ref', '--quiet', 'HEAD'], ceiling))?.trim() || null;
  const headCommit = (await tryGit(checkout, ['rev-parse', '--verify', '--quiet', 'HEAD'], ceiling))?.trim() || null;
  return { checkout, tree: await scratchTree(checkout, scratch.options), scratch, index, headRef, headCommit };
};

/**
 * Puts the checkout back as the snapshot recorded it: files added since are removed, changed or
 * deleted ones rewritten from the snapshot, HEAD and the index restored. Returns the paths it put back.
 */
export const revertToSnapshot = async (snapshot: WorktreeSnapshot): Promise<string[]> => {
  const { checkout, scratch } = snapshot;
  try {
    await restoreHead(snapshot);
    const now = join(scratch.dir, 'index.now');
    await copyIndex(scratch.index, now);
    const nowOptions = { ...scratch.options, env: { ...scratch.options.env, GIT_INDEX_FILE: now } };
    const tree = await scratchTree(checkout, nowOptions);
    if (tree === snapshot.tree) return [];
    const diff = (await runGit(checkout, ['diff-tree', '-r', '-z', '--no-renames', '--name-status', snapshot.tree, tree], nowOptions)).split('\0');
    const added: string[] = [];
    const changed: string[] = [];
    for (let i = 0; i + 1 < diff.length; i += 2) {
      const status = diff[i];
      const path = diff[i + 1];
      if (status === undefined || path === undefined || path === '') continue;
      (status === 'A' ? added : changed).push(path);
    }
    for (const path of added) await rm(join(checkout, path), { force: true });
    for (let i = 0; i < changed.length; i += CHUNK) {
      await runGit(checkout, ['checkout-index', '--force', '--', ...changed.slice(i, i + CHUNK)], scratch.options);
    }
    return [...added, ...changed].sort();
  } finally {
    await rm(scratch.dir, { recursive: true, force: true });
  }
};

/** Undoes a commit, checkout or `git add` the program made: HEAD, its branch and the index as they were. */
const restoreHead = async (snapshot: WorktreeSnapshot): Promise<void> => {
  const { checkout, headRef, headCommit } = snapshot;
  const ceiling = { ceiling: dirname(checkout) };
  if (headRef !== null) {
    const now = (await tryGit(checkout, ['symbolic-ref', '--quiet', 'HEAD'], ceiling))?.trim() || null;
    if (now !== headRef) await runGit(checkout, ['symbolic-ref', 'HEAD', headRef], ceiling);
  }
  const commit = (await tryGit(checkout, ['rev-parse', '--verify', '--quiet', 'HEAD'], ceiling))?.trim() || null;
  if (headCommit !== null && commit !== headCommit) await runGit(checkout, ['update-ref', headRef ?? 'HEAD', headCommit], ceiling);
  const original = await readFile(join(snapshot.scratch.dir, 'index.orig')).catch(() => null);
  const current = await readFile(snapshot.index).catch(() => null);
  if (original !== null && (current === null || !original.equals(current))) await copyIndex(join(snapshot.scratch.dir, 'index.orig'), snapshot.index);
};

