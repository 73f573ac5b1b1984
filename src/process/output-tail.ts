import { open } from 'node:fs/promises';

/** Keeps the last `maxBytes` of a byte stream without holding the rest in memory. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private seen = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    this.seen += chunk.length;
    if (this.maxBytes <= 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.chunks.length > 1 && this.size - (this.chunks[0]?.length ?? 0) >= this.maxBytes) {
      this.size -= this.chunks.shift()?.length ?? 0;
    }
  }

  /** The kept bytes as UTF-8, starting at a character boundary. */
  toString(): string {
    return decodeTail(Buffer.concat(this.chunks), this.maxBytes, this.seen > this.maxBytes);
  }
}

/** Reads the last `maxBytes` of a file as UTF-8; empty string when the file does not exist. */
export const readFileTail = async (path: string, maxBytes: number): Promise<string> => {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return '';
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return decodeTail(buffer, maxBytes, size > maxBytes);
  } finally {
    await handle.close();
  }
};

const decodeTail = (bytes: Buffer, maxBytes: number, cut: boolean): string => {
  let start = Math.max(0, bytes.length - maxBytes);
  // A cut inside a multi-byte character leaves continuation bytes (10xxxxxx) at the front.
  if (cut || start > 0) while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start).toString('utf8');
};

const isErrno = (error: unknown, code: string): boolean =>
  error instanceof Error && 'code' in error && error.code === code;
