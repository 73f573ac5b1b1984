import { constants, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import picomatch from 'picomatch';
import { filesUnder } from '../../workspace/checkout-files.js';
import { linkOnPath } from '../../workspace/confined-fs.js';

/** Copies one file of the checkout, opened without following a link or blocking; false when it is not a regular file. */
const copyRegularFile = async (source: string, target: string): Promise<boolean> => {
  const handle = await open(source, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (handle === null) return false;
  try {
    if (!(await handle.stat()).isFile()) return false;
    await mkdir(dirname(target), { recursive: true });
    // The open descriptor is what is copied: a path swapped after the check changes nothing.
    await pipeline(handle.createReadStream({ autoClose: false }), createWriteStream(target));
    return true;
  } finally {
    await handle.close();
  }
};

/**
 * Copies the checkout's files matching `evaluator.artifacts` globs into `dir` (same relative
 * paths): evaluation outputs the user keeps, since none of them enters the attempt's branch.
 * Returns the copied paths; symlinks, directories, FIFOs and files under a symlinked directory
 * are skipped (the checkout is the agent's: nothing outside it is read).
 */
export const collectArtifacts = async (checkout: string, globs: readonly string[], dir: string, subdir = ''): Promise<string[]> => {
  if (globs.length === 0) return [];
  const isArtifact = picomatch([...globs], { dot: true });
  const copied: string[] = [];
  for (const path of await filesUnder(checkout, globs, subdir)) {
    if (!isArtifact(path) || (await linkOnPath(checkout, path)) !== null) continue;
    if (await copyRegularFile(join(checkout, path), join(dir, path))) copied.push(path);
  }
  return copied;
};
