import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { linkOnPath } from '../confined-fs.js';
import { z } from 'zod';
import { adminDirOf, readProvisioned } from './provisioned-paths.js';

/** Kept beside the provisioned-paths record: a digest per provisioned path, of its files' stat data. */
const MANIFEST_FILE = 'swarm-provisioned-manifest';
const manifestSchema = z.record(z.string(), z.string());

/**
 * A digest of what `lstat` says about `relative` and everything below it (type, mode, size, mtime;
 * no content is read, links are not followed). Null when the path is missing.
 */
export const statDigest = async (worktree: string, relative: string): Promise<string | null> => {
  const top = await lstat(join(worktree, relative)).catch(() => null);
  if (top === null) return null;
  const hash = createHash('sha1');
  const visit = async (rel: string, stat: Awaited<ReturnType<typeof lstat>>): Promise<void> => {
    hash.update(`${rel}\0${stat.mode}\0${stat.size}\0${stat.mtimeMs}\n`);
    if (!stat.isDirectory()) return;
    const names = (await readdir(join(worktree, rel)).catch(() => [])).sort();
    for (const name of names) {
      const child = `${rel}/${name}`;
      const entry = await lstat(join(worktree, child)).catch(() => null);
      if (entry !== null) await visit(child, entry);
    }
  };
  await visit(relative, top);
  return hash.digest('hex');
};

/** Records the digest of every provisioned path, after provisioning and before the agent starts. */
export const writeProvisionedManifest = async (worktree: string): Promise<void> => {
  const admin = await adminDirOf(worktree);
  if (admin === null) return;
  const digests: Record<string, string> = {};
  for (const entry of await readProvisioned(worktree)) {
    const digest = await statDigest(worktree, entry);
    if (digest !== null) digests[entry] = digest;
  }
  const file = join(admin, MANIFEST_FILE);
  await unlink(file).catch(() => undefined);
  await writeFile(file, JSON.stringify(digests), { flag: 'wx' });
};

const readManifest = async (admin: string): Promise<Record<string, string>> => {
  const text = await readFile(join(admin, MANIFEST_FILE), 'utf8').catch(() => '{}');
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

/**
 * Before a worktree is used again: every provisioned path whose files differ from the manifest
 * (an earlier agent or program changed, added or removed something there) is removed, so that
 * provisioning restores it (copied again, linked again, or setup's outputs from the cache).
 * Returns the provisioned paths that are kept as they are and those removed.
 */
export const settleProvisioned = async (worktree: string): Promise<{ kept: string[]; removed: string[] }> => {
  const admin = await adminDirOf(worktree);
  if (admin === null) return { kept: [], removed: [] };
  const manifest = await readManifest(admin);
  const kept: string[] = [];
  const removed: string[] = [];
  for (const entry of await readProvisioned(worktree)) {
    // A folder above it replaced by a link: nothing is followed; git's clean removes the link.
    if (dirname(entry) !== '.' && (await linkOnPath(worktree, dirname(entry))) !== null) {
      removed.push(entry);
      continue;
    }
    const recorded = manifest[entry];
    const now = await statDigest(worktree, entry);
    if (now === null) continue;
    if (recorded !== undefined && recorded === now) {
      kept.push(entry);
      continue;
    }
    await rm(join(worktree, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return { kept, removed };
};
