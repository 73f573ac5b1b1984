import { lstat, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** One file under a log folder: its path, its size, the space it takes on disk (as `du` counts it), when it last changed. */
export interface LogFile {
  path: string;
  size: number;
  disk: number;
  mtimeMs: number;
}

/** The bytes a file takes on disk (its blocks, as `du` counts them); its size where the file system gives no blocks. */
const diskBytes = (stats: { size: number; blocks: number }): number => (stats.blocks > 0 ? stats.blocks * 512 : stats.size);

/** Every plain file under `dir` (links not followed); [] when it does not exist. Folders count one block each, as `du` does. */
export const listLogFiles = async (dir: string): Promise<{ files: LogFile[]; folders: number }> => {
  const files: LogFile[] = [];
  let folders = 0;
  const walk = async (folder: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    folders += 1;
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const stats = await lstat(path).catch(() => null);
        if (stats !== null) files.push({ path, size: stats.size, disk: diskBytes(stats), mtimeMs: stats.mtimeMs });
      }
    }
  };
  await walk(dir);
  return { files, folders };
};

/** The disk space a folder's files take (as `du` counts it, folders at one 4 KiB block each). */
export const folderBytes = async (dir: string): Promise<number> => {
  const { files, folders } = await listLogFiles(dir);
  return files.reduce((sum, f) => sum + f.disk, folders * 4096);
};

/** Text logs swarm may cut: never result files, artifacts or anything an evaluation reads back. */
export const isTrimmableLog = (path: string): boolean =>
  /\.(log|jsonl|md|txt|out|err)$/.test(path) && !/[\\/]artifacts[\\/]/.test(path);

/**
 * Cuts a log file to its first and last `keep / 2` bytes with a line between them saying how many
 * bytes were left out and why (`note`). Written beside it and renamed over it, so a reader never
 * sees half a file. Returns the bytes left out (0 when the file already fits).
 */
export const trimLogFile = async (path: string, keep: number, note: string): Promise<number> => {
  const handle = await open(path, 'r');
  const temp = `${path}.swarm-trim`;
  try {
    const { size } = await handle.stat();
    const half = Math.floor(keep / 2);
    if (size <= keep + 256) return 0;
    const head = Buffer.alloc(half);
    const tail = Buffer.alloc(half);
    await handle.read(head, 0, half, 0);
    await handle.read(tail, 0, half, size - half);
    // Cut at whole lines where one ends near the edge, so the marker stands on its own line.
    const headEnd = head.lastIndexOf(10) >= half - 4096 ? head.lastIndexOf(10) + 1 : half;
    const newline = tail.indexOf(10);
    const tailStart = newline >= 0 && newline < 4096 ? newline + 1 : 0;
    const kept = headEnd + (half - tailStart);
    const dropped = size - kept;
    const out = await open(temp, 'w');
    try {
      await out.write(head.subarray(0, headEnd));
      await out.write(`${headEnd > 0 && head[headEnd - 1] !== 10 ? '\n' : ''}[swarm: ${dropped} bytes of this log left out here; ${note}]\n`);
      await out.write(tail.subarray(tailStart));
    } finally {
      await out.close();
    }
    await rename(temp, path);
    return dropped;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
};
