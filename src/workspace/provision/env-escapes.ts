import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { isInside } from '../worktrees.js';

/** Something in an environment that makes code outside it (the user's checkout, another worktree) the code that runs. */
export interface EnvEscape {
  /** The file or link that points out, relative to the scanned folder. */
  path: string;
  /** What kind of pointer it is: `editable install (.pth)`, `editable finder`, `direct_url.json`, `symlink`. */
  how: string;
  /** Where it resolves to (absolute). */
  target: string;
}

export interface EscapeScope {
  /** Where pointers may lead: the environment itself, or the worktree it serves. */
  allowed: readonly string[];
  /** Where they may not: the user's checkout, the folder of sibling worktrees. */
  forbidden: readonly string[];
}

/** Generic folders are walked for symlinks up to this many entries (a dataset is not a tree of links). */
const WALK_LIMIT = 5000;
const READ_LIMIT = 1 << 20;
const directUrlSchema = z.object({ url: z.string(), dir_info: z.object({ editable: z.boolean().optional() }).optional() });

const real = async (path: string): Promise<string> => realpath(path).catch(() => resolve(path));
const readSmall = async (path: string): Promise<string | null> => {
  const info = await lstat(path).catch(() => null);
  if (info === null || !info.isFile() || info.size > READ_LIMIT) return null;
  return readFile(path, 'utf8').catch(() => null);
};
const list = async (dir: string): Promise<string[]> => (await readdir(dir).catch(() => [] as string[])).sort();

/** The paths a site-packages file makes Python import from, each with how. */
const pythonPointers = async (dir: string, name: string): Promise<Array<{ how: string; path: string }>> => {
  const file = join(dir, name);
  if (name.endsWith('.pth')) {
    const text = (await readSmall(file)) ?? '';
    return text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#') && !/^import[\s\t]/.test(line))
      .map((line) => ({ how: 'editable install (.pth path)', path: resolve(dir, line) }));
  }
  if (/^__editable__.*finder\.py$/.test(name)) {
    // setuptools' finder: MAPPING = {'pkg': '/abs/src/pkg'} and NAMESPACES, absolute strings only.
    const text = (await readSmall(file)) ?? '';
    return [...text.matchAll(/'(\/[^'\n]*)'|"(\/[^"\n]*)"/g)].map((m) => ({ how: 'editable finder (MAPPING)', path: m[1] ?? m[2] ?? '' }));
  }
  if (name.endsWith('.egg-link')) {
    const first = ((await readSmall(file)) ?? '').split('\n')[0]?.trim() ?? '';
    return first === '' ? [] : [{ how: 'develop install (.egg-link)', path: resolve(dir, first) }];
  }
  if (name.endsWith('.dist-info')) {
    const text = await readSmall(join(file, 'direct_url.json'));
    if (text === null) return [];
    try {
      const parsed = directUrlSchema.safeParse(JSON.parse(text));
      if (!parsed.success || parsed.data.dir_info?.editable !== true || !parsed.data.url.startsWith('file://')) return [];
      return [{ how: 'editable install (direct_url.json)', path: decodeURIComponent(new URL(parsed.data.url).pathname) }];
    } catch {
      return [];
    }
  }
  return [];
};

/** `site-packages` folders of a virtual environment (`lib/python3.X/site-packages`, `Lib/site-packages`). */
const sitePackages = async (env: string): Promise<string[]> => {
  const found: string[] = [];
  for (const lib of ['lib', 'lib64', 'Lib']) {
    const top = join(env, lib);
    if ((await lstat(top).catch(() => null))?.isDirectory() !== true) continue;
    if ((await lstat(join(top, 'site-packages')).catch(() => null)) !== null) found.push(join(top, 'site-packages'));
    for (const name of await list(top)) if (name.startsWith('python') && (await lstat(join(top, name, 'site-packages')).catch(() => null)) !== null) found.push(join(top, name, 'site-packages'));
  }
  return found;
};

/** The entries npm, pnpm and yarn link packages at: `node_modules/<name>` and `node_modules/@scope/<name>`. */
const packageEntries = async (modules: string): Promise<string[]> => {
  const entries: string[] = [];
  for (const name of await list(modules)) {
    if (name.startsWith('@')) for (const inner of await list(join(modules, name))) entries.push(join(modules, name, inner));
    else if (name !== '.bin') entries.push(join(modules, name));
  }
  return entries;
};

/** Symlinks below `dir`, not followed, up to WALK_LIMIT entries. */
const symlinksBelow = async (dir: string): Promise<string[]> => {
  const links: string[] = [];
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0 && seen < WALK_LIMIT) {
    const current = queue.shift() ?? dir;
    for (const name of await list(current)) {
      seen += 1;
      const path = join(current, name);
      const info = await lstat(path).catch(() => null);
      if (info?.isSymbolicLink() === true) links.push(path);
      else if (info?.isDirectory() === true) queue.push(path);
    }
  }
  return links;
};

/**
 * What in the environment at `env` (a linked folder of the checkout, or what setup made in a
 * worktree) makes the code that runs come from outside `scope.allowed` and inside `scope.forbidden`:
 * Python editable installs (`.pth` paths, setuptools' `__editable__` finders, `.egg-link`,
 * `direct_url.json`), `node_modules` packages linked elsewhere (`npm link`, workspaces, `file:`),
 * and symlinks of any other folder. Reads small files only; a missing folder has none.
 */
export const envEscapes = async (env: string, scope: EscapeScope): Promise<EnvEscape[]> => {
  const top = await lstat(env).catch(() => null);
  if (top === null) return [];
  const allowed = await Promise.all(scope.allowed.map(real));
  const forbidden = await Promise.all(scope.forbidden.map(real));
  const escapes = (target: string): boolean => !allowed.some((dir) => isInside(dir, target)) && forbidden.some((dir) => isInside(dir, target));
  const found: EnvEscape[] = [];
  const note = async (file: string, how: string, target: string): Promise<void> => {
    const resolved = await real(target);
    if (isAbsolute(resolved) && escapes(resolved)) found.push({ path: relative(env, file) || basename(file), how, target: resolved });
  };
  if (top.isSymbolicLink()) {
    await note(env, 'symlink', env);
    return found;
  }
  if (!top.isDirectory()) return found;
  const isVenv = (await lstat(join(env, 'pyvenv.cfg')).catch(() => null)) !== null;
  const modules = basename(env) === 'node_modules' ? env : (await lstat(join(env, 'node_modules')).catch(() => null))?.isDirectory() === true ? join(env, 'node_modules') : null;
  if (isVenv) {
    for (const site of await sitePackages(env)) {
      for (const name of await list(site)) for (const pointer of await pythonPointers(site, name)) await note(join(site, name), pointer.how, pointer.path);
    }
  }
  if (modules !== null) {
    for (const entry of await packageEntries(modules)) {
      if ((await lstat(entry).catch(() => null))?.isSymbolicLink() === true) await note(entry, 'node_modules link (npm link, a workspace or a file: dependency)', entry);
    }
  }
  if (!isVenv && modules === null) for (const link of await symlinksBelow(env)) await note(link, 'symlink', link);
  return found;
};

/** One line naming the first escapes: `.venv: lib/…/__editable__.x.pth (editable install (.pth path)) → /repo/src`. */
export const describeEscapes = (name: string, escapes: readonly EnvEscape[]): string => {
  const shown = escapes.slice(0, 3).map((e) => `${e.path} (${e.how}) → ${e.target}`).join('; ');
  return `${name}: ${shown}${escapes.length > 3 ? `; and ${escapes.length - 3} more` : ''}`;
};
