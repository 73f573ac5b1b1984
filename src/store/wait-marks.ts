import { z } from 'zod';
import type { DbOwner } from './open-database.js';
import type { RunStore } from '../core/ports/run-store.js';

/** What `swarm wait` returned, as an event of the run: the next `wait --all` starts after it. */
export const WAIT_RETURNED_EVENT = 'wait.returned';

const waitData = z.object({ attempts: z.array(z.string()) });
const rowSchema = z.object({ data_json: z.string() });

/** Records the finished attempts a wait returned (append-only, like every event). */
export const recordWaitReturned = (store: RunStore, runId: string, attemptIds: string[]): void => {
  if (attemptIds.length > 0) store.addEvent(runId, WAIT_RETURNED_EVENT, { attempts: attemptIds });
};

/** Every attempt of the run some earlier `swarm wait` already returned finished. */
export const listWaitedAttempts = (store: DbOwner, runId: string): Set<string> => {
  const ids = new Set<string>();
  const rows = store.db.prepare('SELECT data_json FROM events WHERE run_id = ? AND type = ? ORDER BY id').all(runId, WAIT_RETURNED_EVENT);
  for (const row of rows) for (const id of waitData.parse(JSON.parse(rowSchema.parse(row).data_json)).attempts) ids.add(id);
  return ids;
};
