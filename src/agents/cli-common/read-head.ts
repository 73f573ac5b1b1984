import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/**
 * The first `maxBytes` of a log file an agent CLI wrote, as text ('' when it cannot be read). Opened
 * without following a link and without blocking, so a FIFO or link put in its place cannot hang or
 * redirect the read.
 */
export const readHead = async (path: string, maxBytes: number): Promise<string> => {
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      if (!(await handle.stat()).isFile()) return '';
      const buffer = Buffer.alloc(maxBytes);
      const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  }
};
