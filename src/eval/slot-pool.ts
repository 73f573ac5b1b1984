interface Waiter<T> {
  count: number;
  resolve: (slots: T[] | null) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/** A fixed set of exclusive slots (e.g. GPU ids) handed out first come, first served. */
export class SlotPool<T> {
  private readonly free: T[];
  private readonly waiters: Waiter<T>[] = [];

  constructor(slots: readonly T[]) {
    this.free = [...slots];
  }

  /** Number of slots not held right now. */
  get available(): number {
    return this.free.length;
  }

  /** Resolves with a slot once one is free, or with null if `signal` aborts first. */
  async acquire(signal?: AbortSignal): Promise<T | null> {
    return (await this.acquireMany(1, signal))?.[0] ?? null;
  }

  /**
   * Resolves with `count` slots at once when that many are free (never part of a set while
   * waiting, so two multi-slot holders cannot block each other), or with null on abort.
   * Waiters are served in order: a large request is not starved by smaller ones behind it.
   */
  acquireMany(count: number, signal?: AbortSignal): Promise<T[] | null> {
    if (signal?.aborted === true) return Promise.resolve(null);
    if (this.waiters.length === 0 && this.free.length >= count) return Promise.resolve(this.free.splice(0, count));
    return new Promise((resolve) => {
      const waiter: Waiter<T> = {
        count,
        resolve,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index !== -1) this.waiters.splice(index, 1);
          resolve(null);
          this.serve();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Returns a slot; the longest waiter gets it once enough are free for it. */
  release(slot: T): void {
    this.free.push(slot);
    this.serve();
  }

  private serve(): void {
    for (let waiter = this.waiters[0]; waiter !== undefined && this.free.length >= waiter.count; waiter = this.waiters[0]) {
      this.waiters.shift();
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.free.splice(0, waiter.count));
    }
  }
}
