import { z } from 'zod';
import type { DbOwner } from './open-database.js';
import type { NominationRecord, RunQueries } from '../core/ports/run-queries.js';

export { NOMINATED_EVENT } from '../core/domain/event-types.js';
import { NOMINATED_EVENT } from '../core/domain/event-types.js';

const nominationData = z.object({ reason: z.string(), by: z.string().nullable() });

export type { NominationRecord } from '../core/ports/run-queries.js';

/** Stores a nomination as an event of the attempt's run (append-only, like every event). */
export const recordNomination = (store: Pick<RunQueries, 'addEvent'>, input: { runId: string; attemptId: string; reason: string; by: string | null }): void => {
  store.addEvent(input.runId, NOMINATED_EVENT, { reason: input.reason, by: input.by }, input.attemptId);
};

/** How many nominations an attempt has. */
export const countNominations = (store: Pick<RunQueries, 'reports'>, attemptId: string): number => store.reports.attemptEventCount(attemptId, NOMINATED_EVENT);

const rowSchema = z.object({ attempt_id: z.string(), data_json: z.string(), at: z.number().int() });

/** Every nomination of a run, oldest first. */
export const listNominations = (store: DbOwner, runId: string): NominationRecord[] =>
  store.db
    .prepare('SELECT attempt_id, data_json, at FROM events WHERE run_id = ? AND type = ? AND attempt_id IS NOT NULL ORDER BY id')
    .all(runId, NOMINATED_EVENT)
    .map((row) => {
      const parsed = rowSchema.parse(row);
      const data = nominationData.parse(JSON.parse(parsed.data_json));
      return { attemptId: parsed.attempt_id, reason: data.reason, by: data.by, at: parsed.at };
    });
