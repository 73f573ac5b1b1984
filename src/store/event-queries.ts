import { z } from 'zod';
import { prepared } from './prepared.js';
import type { DbOwner } from './open-database.js';

const ids = z.array(z.string());

/** The attempts of a run that have at least one event of `type` (e.g. the attempts `swarm spawn` recorded). */
export const attemptIdsWithEvent = (store: DbOwner, runId: string, type: string): Set<string> =>
  new Set(ids.parse(prepared(store.db, 'SELECT DISTINCT attempt_id FROM events WHERE run_id = ? AND type = ? AND attempt_id IS NOT NULL', { pluck: true }).all(runId, type)));

/** How many events of `type` an attempt has. */
export const countAttemptEvents = (store: DbOwner, attemptId: string, type: string): number =>
  z.number().int().parse(prepared(store.db, 'SELECT COUNT(*) FROM events WHERE attempt_id = ? AND type = ?', { pluck: true }).get(attemptId, type));
