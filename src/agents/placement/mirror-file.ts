import { appendFile, open } from 'node:fs/promises';

const CHUNK_BYTES = 1024 * 1024;

/**
 * Copies what a job appends to its output file on shared storage into the attempt's log file, a
 * poll at a time, so the transcript (and the stall watch reading it) follows the agent as it runs.
 */
export class FileMirror {
  private offset = 0;

  constructor(private readonly from: string, private readonly to: string) {}

  /** Appends the bytes written since the last call; a file not there yet is nothing new. */
  async sync(): Promise<void> {
    const handle = await open(this.from, 'r').catch(() => null);
    if (handle === null) return;
    try {
      const buffer = Buffer.alloc(CHUNK_BYTES);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, this.offset);
        if (bytesRead === 0) return;
        await appendFile(this.to, buffer.subarray(0, bytesRead));
        this.offset += bytesRead;
      }
    } finally {
      await handle.close();
    }
  }
}
