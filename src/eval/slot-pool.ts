interface Waiter<T> {
  resolve: (slot: T | null) => void;
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
  acquire(signal?: AbortSignal): Promise<T | null> {
    if (signal?.aborted === true) return Promise.resolve(null);
    const slot = this.waiters.length === 0 ? this.free.shift() : undefined;
    if (slot !== undefined) return Promise.resolve(slot);
    return new Promise((resolve) => {
      const waiter: Waiter<T> = {
        resolve,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index !== -1) this.waiters.splice(index, 1);
          resolve(null);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Returns a slot; the longest waiter gets it. */
  release(slot: T): void {
    const waiter = this.waiters.shift();
    if (waiter === undefined) {
      this.free.push(slot);
      return;
    }
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
    waiter.resolve(slot);
  }
}
