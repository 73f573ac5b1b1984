import { chmod, lstat, readdir, readFile, readlink, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { isInside } from '../worktrees.js';

/** Where setup's outputs name the worktree they were built in, so that a copy can name its own. */
export interface BuiltPaths {
  /** The worktree they were built in, as given and as its real path (they differ under a linked /tmp). */
  builtIn: string[];
  /** Text files (relative to the worktree) that hold one of those paths: shebangs, `.pth`, finders, pyvenv.cfg. */
  rewrite: string[];
  /** Symlinks whose absolute target lies in the worktree. */
  links: string[];
  /** Binary files that hold one (a path compiled into a library): a copy cannot be corrected. */
  unrelocatable: string[];
}

/** Bigger files are not read: a model's weights do not name the folder they were built in. */
const SCAN_LIMIT = 64 << 20;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Bytes as a string of the same length, so a replacement keeps every other byte as it was. */
const asLatin1 = (path: string): string => Buffer.from(path, 'utf8').toString('latin1');
const pathPattern = (paths: readonly string[]): RegExp => new RegExp(`(?:${paths.map((p) => escapeRegExp(asLatin1(p))).join('|')})(?![\\w.-])`, 'g');

const walkFiles = async (worktree: string, rel: string, visit: (rel: string, kind: 'file' | 'link', size: number) => Promise<void>): Promise<void> => {
  const info = await lstat(join(worktree, rel)).catch(() => null);
  if (info === null) return;
  if (info.isSymbolicLink()) return visit(rel, 'link', 0);
  if (info.isFile()) return visit(rel, 'file', info.size);
  if (!info.isDirectory()) return;
  for (const name of (await readdir(join(worktree, rel)).catch(() => [] as string[])).sort()) await walkFiles(worktree, join(rel, name), visit);
};

/**
 * Finds, in what setup made (`outputs`, relative to `worktree`), every file and link that names
 * the worktree by its absolute path. Compiled bytecode (`.pyc`) is left alone: the path in it is
 * only what tracebacks show, and Python checks a `.pyc` against its source's time and size.
 */
export const scanBuiltPaths = async (worktree: string, outputs: readonly string[]): Promise<BuiltPaths> => {
  const builtIn = [...new Set([worktree, await realpath(worktree).catch(() => worktree)])].sort((a, b) => b.length - a.length);
  const needles = builtIn.map((path) => Buffer.from(path, 'utf8'));
  const found: BuiltPaths = { builtIn, rewrite: [], links: [], unrelocatable: [] };
  for (const output of outputs) {
    await walkFiles(worktree, output, async (rel, kind, size) => {
      if (kind === 'link') {
        const target = await readlink(join(worktree, rel)).catch(() => '');
        if (isAbsolute(target) && builtIn.some((dir) => isInside(dir, target))) found.links.push(rel);
        return;
      }
      if (size > SCAN_LIMIT || rel.endsWith('.pyc')) return;
      const bytes = await readFile(join(worktree, rel)).catch(() => null);
      if (bytes === null || !needles.some((needle) => bytes.includes(needle))) return;
      (bytes.includes(0) ? found.unrelocatable : found.rewrite).push(rel);
    });
  }
  return found;
};

/**
 * Makes a copy of setup's outputs, restored into `worktree`, name that worktree where the
 * original named the one it was built in: text files rewritten in place (mode kept), absolute
 * links pointed at the same place inside this worktree.
 */
export const relocateOutputs = async (worktree: string, built: Pick<BuiltPaths, 'builtIn' | 'rewrite' | 'links'>): Promise<void> => {
  if (built.builtIn.length === 0) return;
  const pattern = pathPattern(built.builtIn);
  const replacement = asLatin1(worktree);
  for (const rel of built.rewrite) {
    const file = join(worktree, rel);
    const info = await lstat(file).catch(() => null);
    if (info === null || !info.isFile()) continue;
    const text = await readFile(file, 'latin1');
    // A new file replaces the copy (a clone shares its blocks with the cache, which must not change).
    await rm(file);
    await writeFile(file, text.replace(pattern, () => replacement), 'latin1');
    await chmod(file, info.mode & 0o7777);
  }
  for (const rel of built.links) {
    const link = join(worktree, rel);
    const target = await readlink(link).catch(() => null);
    const from = target === null ? undefined : built.builtIn.find((dir) => isInside(dir, target));
    if (target === null || from === undefined) continue;
    await rm(link);
    await symlink(join(worktree, relative(from, target)), link);
  }
};
