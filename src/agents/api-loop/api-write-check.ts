import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccessCheck } from '../access/access-check.js';
import { replaceFile } from './replace-file.js';

const PROBE_FILE = '.swarm-doctor-write-probe';

/**
 * `swarm doctor`'s write check of an API backend (anthropic, openai): the tool loop writes the
 * worktree as swarm itself, with no sandbox or permission settings of its own that could deny it,
 * so all there is to know beforehand is whether the file system takes a file: one written through
 * the loop's own write path (write_file's) in the fresh directory `scratch` and removed.
 */
export const probeApiWrite = async (scratch: string): Promise<AccessCheck> => {
  const file = join(scratch, PROBE_FILE);
  const written = await replaceFile(file, 'swarm doctor\n', { followLinks: false });
  if (!written.ok) {
    const message = written.error instanceof Error ? written.error.message : String(written.error);
    return { ok: false, detail: `the tool loop could not write a file where the worktrees live (${scratch}): ${message}; make that folder writable, free space there, or set workspace.dir to one that is` };
  }
  await rm(file, { force: true });
  return { ok: true, detail: 'a file written through the tool loop\'s own write path and removed in a fresh directory where the worktrees live (no sandbox or permission settings to check: the loop writes as swarm)' };
};
