import { z } from 'zod';
import type { RunStore } from '../core/ports/run-store.js';

/** One attempt whose branch and logs `swarm prune` deleted: an event of its run (the row stays). */
export const ATTEMPT_PRUNED_EVENT = 'attempt.pruned';

export interface PruneMark {
  at: number;
  /** The --keep spec of the prune that deleted it. */
  keep: string;
}

const pruneData = z.object({ keep: z.string() });

export const recordPruned = (store: Pick<RunStore, 'addEvent'>, runId: string, attemptId: string, keep: string): void => {
  store.addEvent(runId, ATTEMPT_PRUNED_EVENT, { keep }, attemptId);
};

/** When and by which prune the attempt's branch and logs were deleted; null when they never were. */
export const pruneMarkOf = (store: Pick<RunStore, 'attemptEvents'>, runId: string, attemptId: string): PruneMark | null => {
  const last = store.attemptEvents(runId, attemptId, [ATTEMPT_PRUNED_EVENT]).at(-1);
  if (last === undefined) return null;
  return { at: last.at, keep: pruneData.parse(JSON.parse(last.data)).keep };
};
