import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

export type Confined = { ok: true; path: string; rel: string } | { ok: false; error: string };

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

const isMissing = (error: unknown): boolean => error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/**
 * The real path of `path`, or of its nearest existing ancestor with the rest appended. A dangling
 * symlink counts as where it points: writing through it would create its target.
 */
const realpathOfExisting = async (path: string, hops = 0): Promise<string> => {
  try {
    return await realpath(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
    const link = await lstat(path).catch(() => null);
    if (link?.isSymbolicLink()) {
      if (hops > 40) throw new Error(`too many symbolic links at ${path}`);
      return realpathOfExisting(resolve(dirname(path), await readlink(path)), hops + 1);
    }
    const parent = dirname(path);
    if (parent === path) return path;
    return resolve(await realpathOfExisting(parent, hops), relative(parent, path));
  }
};

/**
 * Resolves a path a model gave against the worktree and refuses it when it leaves the worktree:
 * through `..`, as an absolute path elsewhere, or through a symlink (checked on the real path of
 * the file or of its nearest existing ancestor, so a new file under a symlinked directory is
 * refused too). `realRoot` must already be a real path.
 */
export const confinePath = async (realRoot: string, requested: string): Promise<Confined> => {
  if (requested.trim() === '') return { ok: false, error: 'path is empty' };
  if (requested.includes('\0')) return { ok: false, error: 'path contains a NUL character' };
  const lexical = resolve(realRoot, requested);
  if (!inside(realRoot, lexical)) return { ok: false, error: `path ${requested} is outside the worktree; use a path relative to the worktree root` };
  const real = await realpathOfExisting(lexical);
  if (!inside(realRoot, real)) return { ok: false, error: `path ${requested} leads outside the worktree through a symbolic link; refused` };
  const rel = relative(realRoot, lexical);
  return { ok: true, path: lexical, rel: rel === '' ? '.' : rel };
};
