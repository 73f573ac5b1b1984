import { rmSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive } from '../process/liveness.js';

/**
 * Sleeps between polls of one wait, woken early by `signal`: one abort listener for the whole wait
 * (removed by `dispose`), not one per poll, so hours of waiting leave the signal as they found it.
 */
const pollSleeper = (signal?: AbortSignal): { sleep(ms: number): Promise<void>; dispose(): void } => {
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const onAbort = (): void => {
    clearTimeout(timer);
    wake?.();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted === true) return resolve();
        wake = resolve;
        timer = setTimeout(resolve, ms);
      }),
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
};

/**
 * GPU slots shared by every swarm process of a repository (the Shepherd's evaluations and the
 * agents' `swarm eval`): one lock file per GPU, created exclusively and holding the owner's pid.
 * A lock whose owner died (a SIGKILLed run) is taken over.
 */
export class GpuLocks {
  constructor(
    private readonly dir: string,
    private readonly gpus: readonly string[],
    private readonly pollMs = 100,
    /** File name prefix: `gpu` for GPUs, `slot` for evaluation slots (concurrency.evaluations). */
    private readonly prefix = 'gpu',
  ) {}

  /** A free GPU id, waiting (polling) while all are held; null when `signal` aborts first. */
  async acquire(signal?: AbortSignal): Promise<string | null> {
    return (await this.acquireMany(1, signal))?.[0] ?? null;
  }

  /**
   * `count` free ids at once, waiting while fewer are free; null when `signal` aborts first. A
   * sweep that gets only some gives them back before it waits: holding part of a set while
   * waiting for the rest would let two multi-GPU evaluations block each other for ever.
   */
  async acquireMany(count: number, signal?: AbortSignal): Promise<string[] | null> {
    await mkdir(this.dir, { recursive: true });
    const between = pollSleeper(signal);
    try {
      for (;;) {
        if (signal?.aborted === true) return null;
        const held: string[] = [];
        for (const gpu of this.gpus) {
          if (held.length === count) break;
          if (await this.claim(gpu, true)) held.push(gpu);
        }
        if (held.length === count) return held;
        for (const gpu of held) this.release(gpu);
        await between.sleep(this.pollMs);
      }
    } finally {
      between.dispose();
    }
  }

  release(gpu: string): void {
    rmSync(this.file(gpu), { force: true });
  }

  private file(gpu: string): string {
    return join(this.dir, `${this.prefix}-${gpu.replace(/[^\w.-]/g, '_')}.lock`);
  }

  /**
   * Held by a process that is gone. An empty file is a claim being written right now, unless it
   * has stayed empty for seconds (its writer died between creating and writing it).
   */
  private async stale(gpu: string): Promise<boolean> {
    const text = (await readFile(this.file(gpu), 'utf8').catch(() => null))?.trim();
    if (text === undefined) return true;
    if (text === '') return Date.now() - ((await stat(this.file(gpu)).catch(() => null))?.mtimeMs ?? 0) > 5000;
    const owner = Number(text);
    return !(Number.isInteger(owner) && owner > 0 && (await isProcessAlive(owner)));
  }

  private async claim(gpu: string, mayTakeOver: boolean): Promise<boolean> {
    try {
      await writeFile(this.file(gpu), String(process.pid), { flag: 'wx' });
      return true;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    return mayTakeOver && this.takeOver(gpu);
  }

  /**
   * Replaces a stale lock under a short-lived mutex: two processes that both judged a lock stale
   * must not both remove it (the second would remove the first one's fresh claim).
   */
  private async takeOver(gpu: string): Promise<boolean> {
    const mutex = join(this.dir, '.takeover');
    try {
      await writeFile(mutex, String(process.pid), { flag: 'wx' });
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const age = Date.now() - ((await stat(mutex).catch(() => null))?.mtimeMs ?? Date.now());
      if (age > 5000) await rm(mutex, { force: true }); // its holder died inside; the next poll retries
      return false;
    }
    try {
      if (!(await this.stale(gpu))) return false;
      await rm(this.file(gpu), { force: true });
      return await this.claim(gpu, false);
    } finally {
      await rm(mutex, { force: true });
    }
  }
}
