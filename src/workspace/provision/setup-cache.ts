import { constants } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { linkOnPath } from '../confined-fs.js';
import { z } from 'zod';
import { runGit } from '../git-command.js';
import { relocateOutputs, scanBuiltPaths } from './relocate-outputs.js';

const MANIFEST = 'outputs.json';
/** The outputs, and where they name the worktree they were built in (absent in caches of older versions: nothing is rewritten). */
const manifestSchema = z.object({
  outputs: z.array(z.string()),
  builtIn: z.array(z.string()).default([]),
  rewrite: z.array(z.string()).default([]),
  links: z.array(z.string()).default([]),
});
type CacheManifest = z.infer<typeof manifestSchema>;

/** Untracked and ignored entries of the worktree, a wholly untracked folder as one entry (`.venv/`). */
export const untrackedEntries = async (worktree: string): Promise<string[]> =>
  (await runGit(worktree, ['ls-files', '-z', '--others', '--directory'])).split('\0').filter((entry) => entry !== '').map((entry) => entry.replace(/\/$/, ''));

/** Copy-on-write where the filesystem clones blocks (btrfs, XFS, APFS), a plain copy elsewhere; links stay links. */
const copyTree = (from: string, to: string): Promise<void> =>
  cp(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true, mode: constants.COPYFILE_FICLONE, force: true });

const cachedManifest = async (cacheDir: string, key: string): Promise<CacheManifest | null> => {
  const text = await readFile(join(cacheDir, key, MANIFEST), 'utf8').catch(() => null);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = manifestSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The outputs cached under `key`, or null when no environment was prepared for it. */
export const cachedOutputs = async (cacheDir: string, key: string): Promise<string[] | null> => (await cachedManifest(cacheDir, key))?.outputs ?? null;

/** Removes `outputs` (paths relative to the worktree, never above a link: they are swarm's own records) from the worktree. */
export const removeOutputs = async (worktree: string, outputs: readonly string[]): Promise<void> => {
  for (const output of outputs) {
    if (dirname(output) !== '.' && (await linkOnPath(worktree, dirname(output))) !== null) continue;
    await rm(join(worktree, output), { recursive: true, force: true });
  }
};

/**
 * Copies the cached outputs of `key` into the worktree, replacing what is there, and makes every
 * path they hold into the worktree they were built in name this one (venv shebangs, editable
 * finders, `.pth` files, absolute links).
 */
export const restoreOutputs = async (cacheDir: string, key: string, outputs: readonly string[], worktree: string): Promise<void> => {
  for (const output of outputs) {
    await rm(join(worktree, output), { recursive: true, force: true });
    await copyTree(join(cacheDir, key, 'files', output), join(worktree, output));
  }
  const manifest = await cachedManifest(cacheDir, key);
  if (manifest !== null) await relocateOutputs(worktree, manifest);
};

/**
 * Makes setup's outputs, kept in a worktree that moved from `from` (the pool hands a parked
 * worktree to the next attempt's folder), name the worktree's new folder: the files and links the
 * cache's manifest lists, rewritten in place. False when the cache has no manifest for `key`.
 */
export const relocateKept = async (cacheDir: string, key: string, worktree: string, from: string): Promise<boolean> => {
  const manifest = await cachedManifest(cacheDir, key);
  if (manifest === null) return false;
  await relocateOutputs(worktree, { builtIn: [from], rewrite: manifest.rewrite, links: manifest.links });
  return true;
};

/**
 * Keeps what a successful setup made (`outputs`, relative to the worktree) under `key`: copied to
 * a scratch folder, then renamed into place, so a concurrent reader sees all of it or nothing.
 * Returns why it was not kept (a binary file naming the worktree, which no copy could correct),
 * or null: then each worktree runs setup itself.
 */
export const saveOutputs = async (cacheDir: string, key: string, outputs: readonly string[], worktree: string): Promise<string | null> => {
  if ((await cachedOutputs(cacheDir, key)) !== null) return null;
  const built = await scanBuiltPaths(worktree, outputs);
  if (built.unrelocatable.length > 0) {
    const shown = built.unrelocatable.slice(0, 3).join(', ') + (built.unrelocatable.length > 3 ? ` and ${built.unrelocatable.length - 3} more` : '');
    return `not cached: ${shown} hold${built.unrelocatable.length === 1 ? 's' : ''} this worktree's absolute path in binary form, which a copy in another worktree cannot correct; setup runs in each worktree`;
  }
  const manifest: CacheManifest = { outputs: [...outputs], builtIn: built.builtIn, rewrite: built.rewrite, links: built.links };
  const scratch = join(cacheDir, `.${key}.${process.pid}.${Date.now()}`);
  try {
    for (const output of outputs) await copyTree(join(worktree, output), join(scratch, 'files', output));
    await mkdir(scratch, { recursive: true });
    await writeFile(join(scratch, MANIFEST), JSON.stringify(manifest));
    await rename(scratch, join(cacheDir, key)).catch(() => undefined);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return null;
};
