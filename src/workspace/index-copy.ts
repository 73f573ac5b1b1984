import { copyFile, lstat, utimes } from 'node:fs/promises';

/**
 * Copies an index file keeping its modification time: git trusts an entry's cached stat only when
 * the file is older than the index, so a fresh mtime would hide a same-size edit made in the same
 * second. A missing index (nothing staged yet) is no error; neither is one that is not a regular
 * file (a FIFO or a link where an agent's rewritten `.git` points): nothing is copied, so git
 * builds the scratch index from the files, and the copy never blocks on a FIFO.
 */
export const copyIndex = async (from: string, to: string): Promise<void> => {
  const stat = await lstat(from).catch(() => null);
  if (stat === null || !stat.isFile()) return;
  await copyFile(from, to);
  await utimes(to, stat.atime, stat.mtime);
};
