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

  it('keeps one abort listener for a whole wait of hundreds of polls and removes it once the GPU is got', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const holder = new GpuLocks(temp.dir, ['0'], 1);
      expect(await holder.acquire()).toBe('0');
      const controller = new AbortController();
      const waiter = new GpuLocks(temp.dir, ['0'], 1);
      const waiting = waiter.acquire(controller.signal);
      // Longer than the ~1 s after which a listener per poll crossed the default limit of 10.
      const counts: number[] = [];
      for (let i = 0; i < 60; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        counts.push(getEventListeners(controller.signal, 'abort').length);
      }
      expect(new Set(counts)).toEqual(new Set([1]));
      holder.release('0');
      expect(await waiting).toBe('0');
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
