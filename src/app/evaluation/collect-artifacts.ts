import { copyFile, lstat, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import picomatch from 'picomatch';
import { filesUnder } from '../../workspace/checkout-files.js';

/**
 * Copies the checkout's files matching `evaluator.artifacts` globs into `dir` (same relative
 * paths): evaluation outputs the user keeps, since none of them enters the attempt's branch.
 * Returns the copied paths; symlinks and directories are skipped.
 */
export const collectArtifacts = async (checkout: string, globs: readonly string[], dir: string, subdir = ''): Promise<string[]> => {
  if (globs.length === 0) return [];
  const isArtifact = picomatch([...globs], { dot: true });
  const copied: string[] = [];
  for (const path of await filesUnder(checkout, globs, subdir)) {
    if (!isArtifact(path)) continue;
    const source = join(checkout, path);
    if (!(await lstat(source)).isFile()) continue;
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(source, target);
    copied.push(path);
  }
  return copied;
};
