import { createWriteStream, type WriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { TailBuffer } from './output-tail.js';

/**
 * A log file of one output stream that keeps at most `maxBytes` of it: the first half as it
 * comes, the last half held in memory and written at the end after a line that says how many
 * bytes were left out between them. The end of the output (where an evaluator prints its
 * result) and its beginning (where errors usually start) both survive; 0 keeps everything.
 */
export class CappedLog {
  private readonly stream: WriteStream;
  private readonly headBytes: number;
  private readonly tail: TailBuffer | null;
  private written = 0;
  private held = 0;
  private total = 0;
  private source: Readable | null = null;
  /** Why the file could not be written (a full disk), or null: the capture failed, the output is lost. */
  failure: Error | null = null;

  /** `onFailure` hears the first write error once: the caller stops the process at once instead of letting it block on its pipe. */
  constructor(file: string, private readonly maxBytes: number, private readonly onFailure: (error: Error) => void = () => undefined) {
    this.stream = createWriteStream(file);
    // A log file that cannot be written (disk full) must not crash the orchestrator, nor stall the
    // process behind a drain that never comes: the source flows on (into the tails) and the caller is told.
    this.stream.on('error', (error) => {
      if (this.failure !== null) return;
      this.failure = error;
      this.source?.resume();
      this.onFailure(error);
    });
    this.headBytes = maxBytes > 0 ? Math.ceil(maxBytes / 2) : Number.POSITIVE_INFINITY;
    this.tail = maxBytes > 0 ? new TailBuffer(maxBytes - this.headBytes) : null;
  }

  /** Logs everything `source` emits (each chunk also given to `also`), pausing it while the file catches up. */
  attach(source: Readable | null, also: (chunk: Buffer) => void): void {
    this.source = source;
    source?.on('data', (chunk: Buffer) => {
      also(chunk);
      if (this.failure !== null) return;
      if (!this.push(chunk)) {
        source.pause();
        this.stream.once('drain', () => source.resume());
      }
    });
  }

  /** False when the file's buffer is full (wait for its drain before more). */
  private push(chunk: Buffer): boolean {
    this.total += chunk.length;
    const room = this.headBytes - this.written;
    let flowing = true;
    if (room > 0) {
      const head = room >= chunk.length ? chunk : chunk.subarray(0, room);
      this.written += head.length;
      flowing = this.stream.write(head);
      if (head.length === chunk.length) return flowing;
      chunk = chunk.subarray(head.length);
    }
    this.held += chunk.length;
    this.tail?.push(chunk);
    return flowing;
  }

  /** Writes the kept tail (after the omission line, when something was left out) and closes the file. */
  async close(): Promise<void> {
    if (this.failure === null && this.tail !== null && this.held > 0) {
      const tail = Buffer.from(this.tail.toString(), 'utf8');
      const omitted = this.total - this.written - tail.length;
      if (omitted > 0) this.stream.write(`\n[swarm: ${omitted} bytes of this output left out here; log.maxEvaluatorLogBytes keeps ${this.maxBytes} bytes per stream]\n`);
      this.stream.write(tail);
    }
    if (!this.stream.writableEnded) this.stream.end();
    await finished(this.stream).catch(() => undefined);
  }
}
