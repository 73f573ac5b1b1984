import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GpuLocks } from '../../src/eval/gpu-locks.js';
import { makeTempDir } from './support.js';

describe('GpuLocks', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => temp.cleanup());

  it('waits for a held GPU without piling abort listeners on the signal, and returns null on abort', async () => {
    const holder = new GpuLocks(temp.dir, ['0'], 5);
    expect(await holder.acquire()).toBe('0');
    const controller = new AbortController();
    const waiter = new GpuLocks(temp.dir, ['0'], 5);
    const waiting = waiter.acquire(controller.signal);
    // ~40 polls while the GPU is held (our own pid holds it, so it is never stale).
    const counts: number[] = [];
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      counts.push(getEventListeners(controller.signal, 'abort').length);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(1);
    controller.abort();
    expect(await waiting).toBeNull();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    holder.release('0');
    expect(await waiter.acquire()).toBe('0');
  });
});
