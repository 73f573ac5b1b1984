import { z } from 'zod';
import type { DbOwner } from './open-database.js';

const heldOutRow = z.object({ attempt_id: z.string(), valid: z.number(), score: z.number().nullable() });

/** The latest held-out result of each attempt of a run that has one (its last stage decides). */
export const heldOutResults = (store: DbOwner, runId: string): Array<{ attemptId: string; valid: boolean; score: number | null }> => {
  const latest = new Map<string, { attemptId: string; valid: boolean; score: number | null }>();
  const rows = store.db
    .prepare(`SELECT e.attempt_id, e.valid, e.score FROM evaluations e JOIN attempts a ON a.id = e.attempt_id WHERE e.kind = 'held-out' AND a.run_id = ? ORDER BY e.id`)
    .all(runId);
  for (const row of rows) {
    const parsed = heldOutRow.parse(row);
    latest.set(parsed.attempt_id, { attemptId: parsed.attempt_id, valid: parsed.valid === 1, score: parsed.score });
  }
  return [...latest.values()];
};

/** Every seed the run's own evaluations used (review and held-out aside), so a re-measurement can pick others. */
export const runEvaluationSeeds = (store: DbOwner, runId: string): number[] => {
  const seeds: unknown[] = store.db
    .prepare(`SELECT DISTINCT e.seed FROM evaluations e JOIN attempts a ON a.id = e.attempt_id WHERE a.run_id = ? AND e.kind NOT IN ('review', 'held-out') ORDER BY e.seed`)
    .pluck()
    .all(runId);
  return seeds.filter((seed): seed is number => typeof seed === 'number');
};
