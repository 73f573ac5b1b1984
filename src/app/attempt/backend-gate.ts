import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { describeWait } from '../../core/limits/describe-wait.js';
import type { AgentLimit } from '../../core/ports/index.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { movePhase } from './phase.js';

/** What a wait for a closed backend reads: the run's events, its backend, the Ctrl-C signals. */
export type GateDeps = Pick<RunDeps, 'runId' | 'store' | 'backend'> & Pick<RunState, 'drain' | 'force'>;

export { WAITING_EVENT } from '../../core/domain/event-types.js';
import { WAITING_EVENT } from '../../core/domain/event-types.js';
export const RESUMED_EVENT = 'agent.resumed';

/** What an `agent.waiting` event records: the backend is closed until `until`. */
export const waitingData = z.object({
  backend: z.string(),
  kind: z.enum(['rate-limit', 'usage-limit']),
  until: z.number(),
  detail: z.string(),
  /** How many waits this attempt had already taken (the backoff exponent). */
  wait: z.number().int().nonnegative(),
});
export type WaitingData = z.infer<typeof waitingData>;

const parseWaiting = (json: string): WaitingData | null => {
  try {
    const parsed = waitingData.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * Until when a backend is closed by a limit in this run: the latest reset any of its attempts
 * recorded. Read from the events, so a run resumed after a crash during a wait still waits.
 */
export const backendClosedUntil = (store: RunStore, runId: string, backend: string): WaitingData | null => {
  let latest: WaitingData | null = null;
  for (const event of store.listEventsOfType(runId, [WAITING_EVENT])) {
    const data = parseWaiting(event.data);
    if (data !== null && data.backend === backend && (latest === null || data.until > latest.until)) latest = data;
  }
  return latest;
};

/** Records that an attempt waits for a limit of its backend to lift. */
export const recordWait = (ctx: Pick<RunDeps, 'runId' | 'store' | 'backend'>, attemptId: string, limit: AgentLimit, until: number, wait: number): void => {
  const data: WaitingData = { backend: ctx.backend.name, kind: limit.kind, until, detail: limit.detail, wait };
  ctx.store.addEvent(ctx.runId, WAITING_EVENT, data, attemptId);
};

/**
 * Waits while the run's backend is closed by a limit (re-read after each sleep: another attempt
 * may have pushed the reset later). Resolves false when a Ctrl-C (drain or force) ends the wait.
 */
export const waitForBackend = async (ctx: GateDeps, onWait?: (closed: WaitingData) => void): Promise<boolean> => {
  let announced = false;
  for (;;) {
    if (ctx.drain.aborted || ctx.force.aborted) return false;
    const closed = backendClosedUntil(ctx.store, ctx.runId, ctx.backend.name);
    const ms = closed === null ? 0 : closed.until - Date.now();
    if (closed === null || ms <= 0) return true;
    if (!announced) onWait?.(closed);
    announced = true;
    try {
      // Combined only when it waits: each AbortSignal.any stays listed on the run's two signals.
      await sleep(ms, undefined, { signal: AbortSignal.any([ctx.drain, ctx.force]) });
    } catch {
      return false;
    }
  }
};

/** A progress line for the Shepherd's own wait before it plans more work on the backend. */
export const reportWait = (report: (line: string) => void) => (closed: WaitingData): void =>
  report(`waiting: ${describeWait(closed, Date.now())}; nothing new starts on it until then`);

/** Holds a new attempt (phase `waiting` meanwhile) while its backend is closed; false on Ctrl-C. */
export const waitToStart = async (ctx: GateDeps, attemptId: string): Promise<boolean> => {
  let waited = false;
  const open = await waitForBackend(ctx, () => {
    waited = true;
    movePhase(ctx.store, attemptId, 'waiting');
  });
  if (open && waited) movePhase(ctx.store, attemptId, 'prepare');
  return open;
};
