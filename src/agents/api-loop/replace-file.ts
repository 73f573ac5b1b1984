import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { errnoOf } from '../../workspace/disk-facts.js';

const { O_RDWR, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

/** The file, opened for reading and writing; made when it was not there. */
const openOrCreate = async (path: string, noFollow: number): Promise<{ handle: FileHandle; created: boolean }> => {
  try {
    return { handle: await open(path, O_RDWR | noFollow), created: false };
  } catch (error) {
    if (errnoOf(error) !== 'ENOENT') throw error;
    return { handle: await open(path, O_RDWR | O_CREAT | O_EXCL | noFollow, 0o666), created: true };
  }
};

/** Writes all of `data` from the file's start (positional writes: a short write goes on where it stopped). */
const writeAll = async (handle: FileHandle, data: Buffer): Promise<void> => {
  await handle.truncate(0);
  for (let at = 0; at < data.length;) {
    const { bytesWritten } = await handle.write(data, at, data.length - at, at);
    at += bytesWritten;
  }
};

/** A write the file system refused (`restored`: the file was put back as it was, or the file it made removed). */
export type ReplaceResult = { ok: true } | { ok: false; error: unknown; restored: boolean };

/**
 * Replaces a file's content, or creates the file. When the file system refuses part-way (a full
 * disk once the old content is dropped: ENOSPC, EDQUOT), what was there is put back, or the file
 * it made removed, so a write that failed changes nothing and the attempt reads as "the agent's
 * edits failed", not as a truncated program. `followLinks: false` refuses a symlink (O_NOFOLLOW,
 * ELOOP). A refused open (EACCES, EROFS, ELOOP) changed nothing: `restored` true.
 */
export const replaceFile = async (path: string, content: string, options: { followLinks: boolean }): Promise<ReplaceResult> => {
  let opened: { handle: FileHandle; created: boolean };
  try {
    opened = await openOrCreate(path, options.followLinks ? 0 : O_NOFOLLOW);
  } catch (error) {
    return { ok: false, error, restored: true };
  }
  const { handle, created } = opened;
  try {
    const previous = created ? null : await handle.readFile();
    try {
      await writeAll(handle, Buffer.from(content, 'utf8'));
      return { ok: true };
    } catch (error) {
      try {
        if (previous === null) await rm(path, { force: true });
        else await writeAll(handle, previous);
        return { ok: false, error, restored: true };
      } catch {
        return { ok: false, error, restored: false };
      }
    }
  } catch (error) {
    return { ok: false, error, restored: true };
  } finally {
    await handle.close().catch(() => undefined);
  }
};
