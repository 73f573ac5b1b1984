import { constants } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { linkOnPath } from '../confined-fs.js';
import { z } from 'zod';
import { runGit } from '../git-command.js';

const MANIFEST = 'outputs.json';
const manifestSchema = z.object({ outputs: z.array(z.string()) });

/** Untracked and ignored entries of the worktree, a wholly untracked folder as one entry (`.venv/`). */
export const untrackedEntries = async (worktree: string): Promise<string[]> =>
  (await runGit(worktree, ['ls-files', '-z', '--others', '--directory'])).split('\0').filter((entry) => entry !== '').map((entry) => entry.replace(/\/$/, ''));

/** Copy-on-write where the filesystem clones blocks (btrfs, XFS, APFS), a plain copy elsewhere; links stay links. */
const copyTree = (from: string, to: string): Promise<void> =>
  cp(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true, mode: constants.COPYFILE_FICLONE, force: true });

/** The outputs cached under `key`, or null when no environment was prepared for it. */
export const cachedOutputs = async (cacheDir: string, key: string): Promise<string[] | null> => {
  const text = await readFile(join(cacheDir, key, MANIFEST), 'utf8').catch(() => null);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = manifestSchema.safeParse(value);
  return parsed.success ? parsed.data.outputs : null;
};

/** Removes `outputs` (paths relative to the worktree, never above a link: they are swarm's own records) from the worktree. */
export const removeOutputs = async (worktree: string, outputs: readonly string[]): Promise<void> => {
  for (const output of outputs) {
    if (dirname(output) !== '.' && (await linkOnPath(worktree, dirname(output))) !== null) continue;
    await rm(join(worktree, output), { recursive: true, force: true });
  }
};

/** Copies the cached outputs of `key` into the worktree, replacing what is there. */
export const restoreOutputs = async (cacheDir: string, key: string, outputs: readonly string[], worktree: string): Promise<void> => {
  for (const output of outputs) {
    await rm(join(worktree, output), { recursive: true, force: true });
    await copyTree(join(cacheDir, key, 'files', output), join(worktree, output));
  }
};

/**
 * Keeps what a successful setup made (`outputs`, relative to the worktree) under `key`: copied to
 * a scratch folder, then renamed into place, so a concurrent reader sees all of it or nothing.
 */
export const saveOutputs = async (cacheDir: string, key: string, outputs: readonly string[], worktree: string): Promise<void> => {
  if ((await cachedOutputs(cacheDir, key)) !== null) return;
  const scratch = join(cacheDir, `.${key}.${process.pid}.${Date.now()}`);
  try {
    for (const output of outputs) await copyTree(join(worktree, output), join(scratch, 'files', output));
    await mkdir(scratch, { recursive: true });
    await writeFile(join(scratch, MANIFEST), JSON.stringify({ outputs }));
    await rename(scratch, join(cacheDir, key)).catch(() => undefined);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};
