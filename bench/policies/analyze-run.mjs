// Reads one run's database and reduces it to what the policy benchmark compares, at an equal
// evaluation budget: every evaluator run (baseline, official, confirm, an agent's `swarm eval`)
// counts once, in the order they were recorded; a result copied from a byte-identical twin does not.
import Database from 'better-sqlite3';

/**
 * `budget`: evaluator runs the comparison allows (the run's own budget; the last attempts in
 * flight may overshoot it, and what they found past it is not counted). `success`: the score that
 * means the task's better region was reached (null when the task has none).
 */
export const analyzeRun = (dbFile, { budget, success }) => {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const run = db.prepare('SELECT id, direction FROM runs ORDER BY seq DESC LIMIT 1').get();
    const sign = run.direction === 'maximize' ? 1 : -1;
    const attempts = db.prepare('SELECT id, seq, role, status, score, started_at, finished_at, flags_json, parent FROM (SELECT a.*, (SELECT from_id FROM edges e WHERE e.to_id = a.id AND e.kind = \'parent\' ORDER BY position LIMIT 1) AS parent FROM attempts a WHERE a.run_id = ?) ORDER BY seq').all(run.id);
    const byId = new Map(attempts.map((a) => [a.id, a]));
    const reused = new Set(attempts.filter((a) => JSON.parse(a.flags_json ?? '[]').some((f) => f.startsWith('reused:'))).map((a) => a.id));
    const rows = db
      .prepare('SELECT e.attempt_id, e.kind, e.valid, e.score FROM evaluations e JOIN attempts a ON a.id = e.attempt_id WHERE a.run_id = ? ORDER BY e.id')
      .all(run.id);
    const baseline = attempts.find((a) => a.role === 'baseline');
    let count = 0;
    let best = null;
    let bestAt = null;
    let successAt = null;
    let attemptsAtSuccess = null;
    const scoredAttempts = new Set();
    for (const row of rows) {
      const copied = row.kind === 'official' && reused.has(row.attempt_id);
      if (!copied) count += 1;
      if (count > budget) break;
      const attempt = byId.get(row.attempt_id);
      // A result counts once its attempt was recorded with it: official (or baseline) and scored.
      if (!['official', 'baseline'].includes(row.kind) || attempt?.status !== 'scored' || row.valid !== 1 || row.score === null) continue;
      if (attempt.role !== 'baseline') scoredAttempts.add(attempt.id);
      if (best === null || sign * row.score > sign * best) {
        best = row.score;
        bestAt = count;
      }
      if (successAt === null && success !== null && sign * row.score >= sign * success) {
        successAt = count;
        attemptsAtSuccess = attempts.filter((a) => a.role !== 'baseline' && a.seq <= attempt.seq).length;
      }
    }
    const searchers = attempts.filter((a) => a.role !== 'baseline' && a.status !== 'interrupted');
    const root = (id) => {
      let current = byId.get(id);
      for (let guard = 0; guard < attempts.length && current?.parent && current.parent !== baseline?.id; guard++) current = byId.get(current.parent);
      return current?.id ?? id;
    };
    const tail = searchers.slice(Math.floor(searchers.length * 0.75));
    return {
      direction: run.direction,
      baseline: baseline?.score ?? null,
      best,
      bestAtEvaluation: bestAt,
      evaluations: rows.filter((r) => !(r.kind === 'official' && reused.has(r.attempt_id))).length,
      attempts: searchers.length,
      agentSeconds: searchers.reduce((sum, a) => sum + Math.max(0, (a.finished_at ?? a.started_at ?? 0) - (a.started_at ?? 0)), 0) / 1000,
      success: successAt !== null,
      evaluationsToSuccess: successAt,
      attemptsToSuccess: attemptsAtSuccess,
      lineagesAlive: new Set(tail.map((a) => root(a.id))).size,
    };
  } finally {
    db.close();
  }
};
