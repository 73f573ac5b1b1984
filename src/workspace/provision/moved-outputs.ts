import { readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { relocateOutputs } from './relocate-outputs.js';
import { cachedRelocation } from './setup-cache.js';
import { adminDirOf, writeSetupMarker } from './provisioned-paths.js';

/** Kept beside the setup marker: the paths (as given, and real) that setup's outputs in the worktree name. */
const PLACE_FILE = 'swarm-setup-place';
const placeSchema = z.array(z.string());

/** The worktree's path as given and as its real path, longest first (what relocation replaces). */
const pathsOf = async (worktree: string): Promise<string[]> =>
  [...new Set([worktree, await realpath(worktree).catch(() => worktree)])].sort((a, b) => b.length - a.length);

const readPlace = async (worktree: string): Promise<string[] | null> => {
  const admin = await adminDirOf(worktree);
  if (admin === null) return null;
  try {
    const parsed = placeSchema.safeParse(JSON.parse(await readFile(join(admin, PLACE_FILE), 'utf8')));
    return parsed.success && parsed.data.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Records that the worktree was prepared with `key` and that what setup made there names this very path. */
export const markPrepared = async (worktree: string, key: string): Promise<void> => {
  await writeSetupMarker(worktree, key);
  const admin = await adminDirOf(worktree);
  if (admin !== null) await writeFile(join(admin, PLACE_FILE), JSON.stringify(await pathsOf(worktree)));
};

/**
 * Whether setup's outputs kept in a reused worktree name the path it is at now. A pooled worktree
 * is moved to the next attempt's path with its environment in place, and that environment still
 * names the path it was prepared at (venv shebangs, editable finders, `.pth` files: they would run
 * the earlier attempt's folder, or nothing). Those files (the cache's record of them) are rewritten
 * in place to name the new path. False when that cannot be done (no record of the place, or
 * nothing cached for `key`): then what setup made must be restored or built again.
 */
export const outputsNameThisPlace = async (worktree: string, cacheDir: string, key: string): Promise<boolean> => {
  const place = await readPlace(worktree);
  if (place === null) return false;
  const here = await pathsOf(worktree);
  if (place.some((path) => here.includes(path))) return true;
  const relocation = await cachedRelocation(cacheDir, key);
  if (relocation === null) return false;
  await relocateOutputs(worktree, { builtIn: place, rewrite: relocation.rewrite, links: relocation.links });
  await markPrepared(worktree, key);
  return true;
};
