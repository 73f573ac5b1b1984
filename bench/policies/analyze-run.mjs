// Reads one run's database and reduces it to what the policy benchmark compares.
import Database from 'better-sqlite3';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Best score, the best-so-far after each finished search attempt (in finishing order), and the
 * lineages (families rooted at a child of the baseline) that received an attempt in the last
 * quarter of the run: how many distinct lines of search were still alive at the end.
 */
export const analyzeRun = (dbFile) => {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const run = db.prepare('SELECT id, direction FROM runs ORDER BY seq DESC LIMIT 1').get();
    const rows = db.prepare("SELECT id, seq, role, status, score, finished_at, flags_json FROM attempts WHERE run_id = ? AND status != 'interrupted' ORDER BY seq").all(run.id);
    const edges = db.prepare("SELECT from_id, to_id FROM edges WHERE run_id = ? AND kind = 'parent'").all(run.id);
    const parentOf = new Map(edges.map((e) => [e.to_id, e.from_id]));
    const sign = run.direction === 'maximize' ? 1 : -1;
    const baseline = rows.find((r) => r.role === 'baseline');
    const searchers = rows.filter((r) => r.role !== 'baseline');
    const root = (id) => {
      let current = id;
      for (let guard = 0; guard < rows.length; guard++) {
        const parent = parentOf.get(current);
        if (parent === undefined || parent === baseline?.id) return current;
        current = parent;
      }
      return current;
    };
    let best = baseline?.score ?? null;
    const trajectory = [];
    for (const row of [...searchers].sort((a, b) => (a.finished_at ?? 0) - (b.finished_at ?? 0))) {
      if (row.status === 'scored' && row.score !== null && (best === null || sign * row.score > sign * best)) best = row.score;
      trajectory.push(best);
    }
    const tail = searchers.slice(Math.floor(searchers.length * 0.75));
    const flags = searchers.flatMap((r) => JSON.parse(r.flags_json ?? '[]'));
    return {
      direction: run.direction,
      baseline: baseline?.score ?? null,
      best,
      trajectory,
      lineagesAlive: new Set(tail.map((r) => root(r.id))).size,
      families: new Set(searchers.map((r) => root(r.id))).size,
      flagged: flags.length,
    };
  } finally {
    db.close();
  }
};

/** Per task and policy: median best, attempts to reach 95 % of the best improvement seen on the task, median lineages alive. */
export const summarize = (runs, tasks, policies) =>
  tasks.map((task) => {
    const ok = runs.filter((r) => r.task === task && !r.error);
    const direction = ok[0]?.direction ?? 'maximize';
    const sign = direction === 'maximize' ? 1 : -1;
    const bestObserved = ok.reduce((m, r) => (m === null || sign * r.best > sign * m ? r.best : m), null);
    const baseline = ok[0]?.baseline ?? null;
    const target = bestObserved === null || baseline === null ? null : baseline + 0.95 * (bestObserved - baseline);
    return {
      task,
      direction,
      baseline,
      bestObserved,
      target,
      policies: policies.map((policy) => {
        const mine = ok.filter((r) => r.policy === policy).sort((a, b) => a.seed - b.seed);
        // Paired with greedy on the same seed (same evaluator seed, same first draws): wins / ties / losses.
        const paired = { wins: 0, ties: 0, losses: 0 };
        for (const run of mine) {
          const yardstick = ok.find((r) => r.policy === 'greedy' && r.seed === run.seed);
          if (!yardstick || policy === 'greedy') continue;
          const delta = sign * (run.best - yardstick.best);
          if (Math.abs(delta) <= 1e-12 * Math.max(1, Math.abs(yardstick.best))) paired.ties += 1;
          else if (delta > 0) paired.wins += 1;
          else paired.losses += 1;
        }
        const reach = mine.map((r) => {
          const index = r.trajectory.findIndex((b) => b !== null && target !== null && sign * b >= sign * target);
          return index === -1 ? Number.POSITIVE_INFINITY : index + 1;
        });
        return {
          policy,
          runs: mine.length,
          errors: runs.filter((r) => r.task === task && r.policy === policy && r.error).length,
          medianBest: median(mine.map((r) => r.best)),
          seeds: mine.map((r) => r.seed),
          bests: mine.map((r) => r.best),
          vsGreedy: policy === 'greedy' ? null : paired,
          medianAttemptsTo95: median(reach),
          reached95: reach.filter(Number.isFinite).length,
          medianLineagesAlive: median(mine.map((r) => r.lineagesAlive)),
          medianWallS: median(mine.map((r) => r.wallS)),
        };
      }),
    };
  });
