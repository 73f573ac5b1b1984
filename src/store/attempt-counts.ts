import { z } from 'zod';
import type { Db } from './open-database.js';
import { prepared } from './prepared.js';
import type { FinishedCounts } from '../core/ports/run-queries.js';

export type { FinishedCounts } from '../core/ports/run-queries.js';

const statusCount = z.object({ status: z.enum(['scored', 'invalid', 'failed', 'interrupted']), n: z.number().int() });

/** Attempts of a run beyond the baseline by the status they ended in, counted in SQL (no record is read). */
export const countFinishedAttempts = (db: Db, runId: string): FinishedCounts => {
  const counts: FinishedCounts = { scored: 0, invalid: 0, failed: 0, interrupted: 0 };
  const rows = prepared(db, "SELECT status, COUNT(*) AS n FROM attempts WHERE run_id = ? AND role != 'baseline' AND status != 'running' GROUP BY status").all(runId);
  for (const row of rows) {
    const { status, n } = statusCount.parse(row);
    counts[status] = n;
  }
  return counts;
};

const countRow = z.object({ n: z.number().int() });

/**
 * Finished attempts of a run beyond the baseline (interrupted ones aside) and how many of them
 * changed nothing (flagged `no-change`), counted in SQL.
 */
export const countNoChangeAttempts = (db: Db, runId: string): { finished: number; noChange: number } => {
  const finished = "run_id = ? AND role != 'baseline' AND status NOT IN ('running', 'interrupted')";
  const all = countRow.parse(prepared(db, `SELECT COUNT(*) AS n FROM attempts WHERE ${finished}`).get(runId)).n;
  const none = countRow.parse(prepared(db, `SELECT COUNT(*) AS n FROM attempts WHERE ${finished} AND flags_json LIKE '%"no-change"%'`).get(runId)).n;
  return { finished: all, noChange: none };
};
