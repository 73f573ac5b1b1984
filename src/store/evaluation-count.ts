import { prepared } from './prepared.js';
import type { Db } from './open-database.js';

/**
 * Evaluator runs recorded for a run, every kind (baseline and its noise check, official, confirm,
 * an agent's `swarm eval`, review, held-out): what `budget.evaluations` counts. The official row an
 * attempt with byte-identical code copied from its twin (flag `reused:aN`), or a near-duplicate
 * from its nearest program (flag `near-duplicate:aN`), is not a run of the evaluator and does not count.
 *
 * A driver asks before every plan, so each count reads only the rows added since the last one.
 * That is exact because evaluation rows are never deleted, a row's id is above every row committed
 * before it (SQLite serialises writers), and the `reused:` and `near-duplicate:` flags are written in the same transaction
 * as the copied rows (storeResult) and never changes after.
 */
export class EvaluationCounts {
  private readonly counted = new Map<string, { upTo: number; count: number }>();

  constructor(private readonly db: Db) {}

  count(runId: string): number {
    const known = this.counted.get(runId) ?? { upTo: 0, count: 0 };
    const newest = Number(prepared(this.db, 'SELECT COALESCE(MAX(id), 0) FROM evaluations', { pluck: true }).get());
    if (newest === known.upTo) return known.count;
    // CROSS JOIN keeps the evaluations' id range the outer loop: the planner would otherwise walk every attempt of the run.
    const added: unknown = prepared(
      this.db,
      `SELECT COUNT(*) FROM evaluations e CROSS JOIN attempts a ON a.id = e.attempt_id
       WHERE e.id > ? AND e.id <= ? AND a.run_id = ? AND NOT (e.kind = 'official' AND (a.flags_json LIKE '%"reused:%' OR a.flags_json LIKE '%"near-duplicate:%'))`,
      { pluck: true },
    ).get(known.upTo, newest, runId);
    const next = { upTo: newest, count: known.count + (typeof added === 'number' ? added : 0) };
    this.counted.set(runId, next);
    return next.count;
  }
}
