import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Size and modification time of every entry below the linked paths: what an evaluation may not change. */
export type LinkManifest = Map<string, string>;

const walk = async (path: string, into: LinkManifest): Promise<void> => {
  const info = await lstat(path).catch(() => null);
  if (info === null) return;
  into.set(path, `${info.isDirectory() ? 'd' : info.size}:${info.mtimeMs}`);
  if (!info.isDirectory()) return;
  const names = await readdir(path).catch(() => [] as string[]);
  for (const name of names) await walk(join(path, name), into);
};

/** The stat manifest of `paths` (absolute; symlinks below them are not followed). No file is read. */
export const linkManifest = async (paths: readonly string[]): Promise<LinkManifest> => {
  const manifest: LinkManifest = new Map();
  for (const path of paths) await walk(path, manifest);
  return manifest;
};

/** Entries added, removed, or changed in size or mtime between two manifests, sorted. */
export const manifestChanges = (before: LinkManifest, after: LinkManifest): string[] => {
  const changed = new Set<string>();
  for (const [path, stamp] of before) if (after.get(path) !== stamp) changed.add(path);
  for (const path of after.keys()) if (!before.has(path)) changed.add(path);
  return [...changed].sort();
};
