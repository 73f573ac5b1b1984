import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import { dirname, join } from 'node:path';
import { filesUnder, treeEntries, type TreeEntry } from './checkout-files.js';
import { linkOnPath } from './confined-fs.js';
import { gitShowBytes } from './git-command.js';
import { isEvaluationByProduct } from './protected-by-products.js';
import { matchProtected } from './protected-paths.js';

/**
 * What the protected paths of a checkout must hold during an evaluation: the entries of a
 * reference commit (the run's baseline), or of the checkout itself just before the evaluation.
 */
export interface ProtectedReference {
  globs: string[];
  entries: TreeEntry[];
  /** The repository blob contents are read from when restoring; null = verify only. */
  blobSource: string | null;
  /** The project folder in the repository (paths are relative to it; '' = the root). */
  subdir: string;
}

/** The protected files of `commit` in the repository at `root`. */
export const referenceFromCommit = async (root: string, commit: string, globs: string[], subdir = ''): Promise<ProtectedReference> => {
  // A project in a folder of the repository: its files, with paths relative to that folder.
  const prefix = subdir === '' ? '' : `${subdir}/`;
  const all = (await treeEntries(root, commit)).flatMap((entry) => (entry.path.startsWith(prefix) ? [{ ...entry, path: entry.path.slice(prefix.length) }] : []));
  const keep = new Set(matchProtected(all.map((entry) => entry.path), globs));
  return { globs, entries: all.filter((entry) => keep.has(entry.path)), blobSource: root, subdir };
};

/** The protected files as they are on disk now (a checkout with no run behind it: verify only). */
export const referenceFromDisk = async (checkout: string, globs: string[], subdir = ''): Promise<ProtectedReference> => {
  const entries: TreeEntry[] = [];
  const linked = linkedDirs(checkout);
  for (const path of matchProtected(await filesUnder(checkout, globs, subdir), globs)) {
    if (await linked(path)) continue;
    const disk = await diskEntry(join(checkout, path), 40);
    if (disk !== null) entries.push({ path, ...disk });
  }
  return { globs, entries, blobSource: null, subdir };
};

/**
 * Protected paths whose content, kind or executable bit differs from the reference, or that it
 * lacks. A by-product of running the project's tools (`__pycache__`, `.pytest_cache`, coverage)
 * that the reference does not hold is not a change: removeByProducts clears those before a stage.
 */
export const protectedDrift = async (checkout: string, ref: ProtectedReference): Promise<string[]> => {
  const expected = new Map(ref.entries.map((entry) => [entry.path, entry]));
  const changed = new Set<string>();
  const linked = linkedDirs(checkout);
  for (const entry of ref.entries) {
    // Reached through a symlinked directory, the file is not the checkout's (whatever it holds).
    const disk = (await linked(entry.path)) ? null : await diskEntry(join(checkout, entry.path), entry.blob.length);
    if (disk === null || disk.blob !== entry.blob || disk.mode !== entry.mode) changed.add(entry.path);
  }
  for (const path of matchProtected(await filesUnder(checkout, ref.globs, ref.subdir), ref.globs)) {
    if (!expected.has(path) && !isEvaluationByProduct(path)) changed.add(path);
  }
  return [...changed].sort();
};

/**
 * Removes the evaluation by-products below the protected paths that the reference does not hold
 * (bytecode, test and coverage caches), so each stage starts without any an agent or an earlier
 * stage left there. Never through a directory replaced by a link. Returns what it removed.
 */
export const removeByProducts = async (checkout: string, ref: ProtectedReference): Promise<string[]> => {
  const expected = new Set(ref.entries.map((entry) => entry.path));
  const linked = linkedDirs(checkout);
  const removed: string[] = [];
  for (const path of matchProtected(await filesUnder(checkout, ref.globs, ref.subdir), ref.globs)) {
    if (expected.has(path) || !isEvaluationByProduct(path) || (await linked(path))) continue;
    await rm(join(checkout, path), { force: true });
    removed.push(path);
  }
  return removed;
};

/** Puts the reference content back at `paths` (removing what the reference does not have). */
export const restoreProtected = async (checkout: string, ref: ProtectedReference, paths: readonly string[]): Promise<void> => {
  if (ref.blobSource === null) return;
  const expected = new Map(ref.entries.map((entry) => [entry.path, entry]));
  for (const path of paths) {
    await ensureRealDirectory(checkout, dirname(path));
    const target = join(checkout, path);
    await rm(target, { recursive: true, force: true });
    const entry = expected.get(path);
    if (entry === undefined) continue;
    const content = await gitShowBytes(ref.blobSource, entry.blob);
    if (content === null) throw new Error(`blob ${entry.blob} of protected file ${path} is missing from ${ref.blobSource}`);
    if (entry.mode === '120000') await symlink(content.toString('utf8'), target);
    else await writeFile(target, content, { mode: fileMode(entry), flag: 'wx' });
    const written = await lstatBig(target);
    if (written !== null) blobCache.set(target, { key: statKey(written, entry.blob.length), value: { blob: entry.blob, mode: entry.mode } });
  }
};

/**
 * Makes the reference's regular files read-only (or writable again). Same-user programs can undo
 * it, which is why the content is verified after the evaluation as well.
 */
export const setProtectedWritable = async (checkout: string, ref: ProtectedReference, writable: boolean): Promise<void> => {
  const linked = linkedDirs(checkout);
  for (const entry of ref.entries) {
    // chmod follows links: never through a directory the program replaced with one.
    if (entry.mode === '120000' || (await linked(entry.path))) continue;
    const file = join(checkout, entry.path);
    const before = await lstatBig(file);
    if (before === null || !before.isFile()) continue;
    await chmod(file, writable ? fileMode(entry) : fileMode(entry) & ~0o222);
    rekey(file, before, await lstatBig(file));
  }
};

/** Whether a directory above `path` in the checkout is a symlink (or not a directory), memoized per directory. */
const linkedDirs = (checkout: string): ((path: string) => Promise<boolean>) => {
  const seen = new Map<string, Promise<boolean>>();
  return (path) => {
    const dir = dirname(path);
    let answer = seen.get(dir);
    if (answer === undefined) {
      answer = dir === '.' ? Promise.resolve(false) : linkOnPath(checkout, dir).then((link) => link !== null);
      seen.set(dir, answer);
    }
    return answer;
  };
};

const fileMode = (entry: TreeEntry): number => (entry.mode === '100755' ? 0o755 : 0o644);

/** Replaces a symlink or file standing where a directory of the checkout belongs, so writes stay inside. */
const ensureRealDirectory = async (checkout: string, relative: string): Promise<void> => {
  if (relative === '.' || relative === '') return;
  let current = checkout;
  for (const part of relative.split('/')) {
    current = join(current, part);
    const stat = await lstat(current).catch(() => null);
    if (stat?.isDirectory() === true) continue;
    if (stat !== null) await rm(current, { recursive: true, force: true });
    await mkdir(current);
  }
};

interface Cached {
  key: string;
  value: { blob: string; mode: string };
}

/** Blob ids by file, keyed on a stat signature (ctime included, which no program can set back). */
const blobCache = new Map<string, Cached>();

const statKey = (stat: BigIntStats, idLength: number): string =>
  `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.mode}:${idLength}`;

type FileStat = BigIntStats | null;

const lstatBig = (file: string): Promise<FileStat> => lstat(file, { bigint: true }).catch(() => null);

/**
 * swarm's own chmod moves ctime but not the content: a cached id that was valid for the file just
 * before it stays valid after it. (A process still writing at that instant could slip between the
 * two stats; every process of the evaluation is gone by then.)
 */
const rekey = (file: string, before: FileStat, after: FileStat): void => {
  const cached = blobCache.get(file);
  if (cached === undefined || before === null || after === null) return;
  const idLength = Number(cached.key.split(':').at(-1));
  if (cached.key === statKey(before, idLength)) cached.key = statKey(after, idLength);
};

/** A git blob id of `content` in the repository's hash (sha1: 40 hex digits, sha256: 64). */
const blobId = (content: Buffer, idLength: number): string =>
  createHash(idLength === 64 ? 'sha256' : 'sha1').update(`blob ${content.length}\0`).update(content).digest('hex');

const diskEntry = async (file: string, idLength: number): Promise<{ blob: string; mode: string } | null> => {
  const stat = await lstatBig(file);
  if (stat === null) return null;
  const key = statKey(stat, idLength);
  const cached = blobCache.get(file);
  if (cached?.key === key) return cached.value;
  let value: { blob: string; mode: string };
  if (stat.isSymbolicLink()) value = { blob: blobId(Buffer.from(await readlink(file)), idLength), mode: '120000' };
  else if (stat.isFile()) value = { blob: blobId(await readFile(file), idLength), mode: (stat.mode & 0o100n) !== 0n ? '100755' : '100644' };
  else return { blob: '', mode: 'directory' };
  blobCache.set(file, { key, value });
  return value;
};
