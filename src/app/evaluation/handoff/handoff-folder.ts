import { lstat, mkdir, rmdir, unlink, writeFile } from 'node:fs/promises';
import { HeldDir, confinedIdentity, readBounded, removeConfined } from '../../../workspace/confined-fs.js';
import { MAX_REQUEST_BYTES, handoffRequestSchema, type HandoffRequest } from './handoff-protocol.js';

/**
 * The hand-off folder `<worktree>/.swarm/eval` as the driver touches it: created, read, answered
 * and removed through held directory descriptors (workspace/confined-fs.ts), so an agent that
 * replaces `.swarm` or `eval` by a symlink never makes the driver act outside its worktree.
 */

const SWARM = '.swarm';
const EVAL = 'eval';
const EVAL_PATH = `${SWARM}/${EVAL}`;

const mkdirOnce = (path: string): Promise<void> =>
  mkdir(path).then(
    () => undefined,
    (error: unknown) => (error instanceof Error && 'code' in error && error.code === 'EEXIST' ? undefined : Promise.reject(error)),
  );

/** A symlink or file standing where swarm's own folder belongs. */
export const refusedFolder = (worktree: string, which: string): string =>
  `${worktree}/${which} is not a plain directory (a symlink or a file put there by the agent); swarm leaves it alone`;

/** Creates `.swarm/eval` (and `.swarm/.gitignore`) and holds it; a refusal when a component is not a plain directory. */
export const openHandoffFolder = async (worktree: string): Promise<{ dir: HeldDir } | { refused: string }> => {
  const root = await HeldDir.open(worktree);
  if (root === null) return { refused: `the worktree ${worktree} is gone or not a directory` };
  try {
    await mkdirOnce(root.at(SWARM));
    const swarm = await root.child(SWARM);
    if (swarm === null) return { refused: refusedFolder(worktree, SWARM) };
    try {
      await mkdirOnce(swarm.at(EVAL));
      // 'wx' creates or fails: a planted symlink under this name is not followed.
      await writeFile(swarm.at('.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
      const dir = await swarm.child(EVAL);
      return dir === null ? { refused: refusedFolder(worktree, EVAL_PATH) } : { dir };
    } finally {
      await swarm.close();
    }
  } finally {
    await root.close();
  }
};

/** Whether the held folder is still the one at `<worktree>/.swarm/eval` (not moved away, no symlink on the way). */
export const stillInPlace = async (worktree: string, dir: HeldDir): Promise<boolean> =>
  (await confinedIdentity(worktree, EVAL_PATH)) === (await dir.identity().catch(() => null));

/**
 * Removes `.swarm/eval`, swarm's `.swarm/.gitignore` and `.swarm` when empty, none of them through
 * a link. Returns why it left `.swarm` alone (a symlink or a file there), else null.
 */
export const removeHandoffFolder = async (worktree: string): Promise<string | null> => {
  const root = await HeldDir.open(worktree);
  if (root === null) return null; // the worktree itself is gone (or replaced): nothing of swarm's to remove
  try {
    const top = await lstat(root.at(SWARM)).catch(() => null);
    if (top === null) return null;
    const swarm = await root.child(SWARM);
    if (swarm === null) return refusedFolder(worktree, SWARM);
    try {
      await removeConfined(swarm, EVAL);
      const ignore = await lstat(swarm.at('.gitignore')).catch(() => null);
      if (ignore?.isFile() === true) await unlink(swarm.at('.gitignore')).catch(() => undefined);
    } finally {
      await swarm.close();
    }
    await rmdir(root.at(SWARM)).catch(() => undefined); // only when the agent left nothing else there
    return null;
  } finally {
    await root.close();
  }
};

/** Reads a request of the held folder: a regular file, bounded, never blocking, JSON, and the schema; never echoes its content. */
export const readRequest = async (dir: HeldDir, name: string): Promise<{ ok: true; value: HandoffRequest } | { ok: false; error: string }> => {
  const read = await readBounded(dir.at(name), MAX_REQUEST_BYTES);
  if (!read.ok) {
    return { ok: false, error: read.problem === 'too-large' ? `the request is larger than ${MAX_REQUEST_BYTES} bytes` : 'the request is not a regular file' };
  }
  let value: unknown;
  try {
    value = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return { ok: false, error: 'the request is not JSON' };
  }
  const parsed = handoffRequestSchema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: 'the request does not match the hand-off protocol (version 1)' };
};
