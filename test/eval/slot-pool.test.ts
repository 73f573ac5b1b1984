import { describe, expect, it } from 'vitest';
import { SlotPool } from '../../src/eval/slot-pool.js';

describe('SlotPool', () => {
  it('hands out free slots, then serves waiters first come, first served', async () => {
    const pool = new SlotPool(['0', '1']);
    expect(await pool.acquire()).toBe('0');
    expect(await pool.acquire()).toBe('1');
    const order: string[] = [];
    const first = pool.acquire().then((slot) => order.push(`first:${slot}`));
    const second = pool.acquire().then((slot) => order.push(`second:${slot}`));
    pool.release('1');
    pool.release('0');
    await Promise.all([first, second]);
    expect(order).toEqual(['first:1', 'second:0']);
    expect(pool.available).toBe(0);
  });

  it('drops an aborted waiter and gives its turn to the next one', async () => {
    const pool = new SlotPool(['g']);
    await pool.acquire();
    const controller = new AbortController();
    const aborted = pool.acquire(controller.signal);
    const next = pool.acquire();
    controller.abort();
    expect(await aborted).toBeNull();
    pool.release('g');
    expect(await next).toBe('g');
    expect(await pool.acquire(AbortSignal.abort())).toBeNull();
  });
});
