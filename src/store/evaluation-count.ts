import type { Db } from './open-database.js';

/**
 * Evaluator runs recorded for a run, every kind (baseline and its noise check, official, confirm,
 * an agent's `swarm eval`, review, held-out): what `budget.evaluations` counts. The official row an
 * attempt with byte-identical code copied from its twin (flag `reused:aN`) is not a run of the
 * evaluator and does not count.
 */
export const countRunEvaluations = (db: Db, runId: string): number => {
  const count: unknown = db
    .prepare(
      `SELECT COUNT(*) FROM evaluations e JOIN attempts a ON a.id = e.attempt_id
       WHERE a.run_id = ? AND NOT (e.kind = 'official' AND a.flags_json LIKE '%"reused:%')`,
    )
    .pluck()
    .get(runId);
  return typeof count === 'number' ? count : 0;
};
