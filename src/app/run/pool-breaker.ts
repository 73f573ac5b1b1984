import { z } from 'zod';
import { createCircuitBreaker, type CircuitBreaker, type FinishedAttempt } from '../../core/budget/circuit-breaker.js';
import type { RunStore } from '../../core/ports/run-store.js';

/** Recorded when one pool entry's breaker trips: nothing new starts on that entry, the others go on. */
export const POOL_BREAKER_EVENT = 'pool.breaker';

const poolBreakerData = z.object({ entry: z.string(), reason: z.string() });

/** The pool entries whose breaker tripped in this run (read from the events, so a resumed run keeps them out). */
export const trippedPoolEntries = (store: Pick<RunStore, 'listEventsOfType'>, runId: string): Set<string> => {
  const names = new Set<string>();
  for (const event of store.listEventsOfType(runId, [POOL_BREAKER_EVENT])) {
    try {
      const parsed = poolBreakerData.safeParse(JSON.parse(event.data));
      if (parsed.success) names.add(parsed.data.entry);
    } catch {
      // A damaged event names no entry.
    }
  }
  return names;
};

/** What a pool's breakers decide about one finished attempt. */
export type PoolVerdict = { entryTripped: { entry: string; reason: string } | null; runTripped: string | null };

/**
 * One circuit breaker per pool entry (agent failures alike, `limit` in a row, count per entry: a
 * broken entry stops while the others continue) and one for the run's setup failures; the run
 * stops when every entry's breaker tripped.
 */
export const createPoolBreakers = (entries: readonly string[], limit: number) => {
  const setup = createCircuitBreaker(0);
  const perEntry = new Map<string, CircuitBreaker>(entries.map((name) => [name, createCircuitBreaker(limit)]));
  const tripped = new Map<string, string>();
  return {
    observe(entry: string, attempt: FinishedAttempt): PoolVerdict {
      const setupReason = setup.observe(attempt);
      if (setupReason !== null) return { entryTripped: null, runTripped: setupReason };
      const breaker = perEntry.get(entry);
      const reason = breaker?.observe(attempt) ?? null;
      if (reason === null) return { entryTripped: null, runTripped: null };
      tripped.set(entry, reason);
      const all = entries.every((name) => tripped.has(name));
      return {
        entryTripped: { entry, reason },
        runTripped: all ? `every agent.pool entry stopped: ${[...tripped].map(([name, why]) => `${name}: ${why}`).join('; ')}` : null,
      };
    },
  };
};
