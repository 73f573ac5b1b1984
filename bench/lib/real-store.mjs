import { join } from 'node:path';
import { SwarmStore } from '../../dist/store/swarm-store.js';
import { createRepo } from './fixture-repo.mjs';
import { runCli } from './proc.mjs';

/** Every column of a table but the ones named in `except`, in table order. */
const columnsOf = (db, table, except) =>
  db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table).filter((name) => !except.includes(name));

/** SQL for the id of attempt `column` in copy `k`: the baseline stays itself, `a<seq>` becomes `a<seq + k * span>`. */
const remap = (column) => `CASE WHEN ${column} = @baseline THEN ${column} ELSE 'a' || (CAST(substr(${column}, 2) AS INTEGER) + @k * @span) END`;

/**
 * A store written by a real run, grown to `count` attempts: `swarm run` of `seedAttempts`
 * attempts (local agent, waves of 4, 2 agents / 2 evaluations, an evaluator that echoes a
 * random score), then its non-baseline attempts copied with their evaluations, edges, events and
 * waves (ids, waves and times shifted, parents remapped inside each copy, the baseline shared)
 * until the run holds `count` attempts. Rows keep what a real run writes (prompts, contexts,
 * evaluator tails, events); their git branches exist only for the seed attempts.
 */
export const writeRealRunStore = async ({ count, seedAttempts, log }) => {
  const repo = createRepo('real-store', {
    evaluator: { command: `echo "{\\"score\\": $(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}"` },
    shepherd: { waveSize: 4, initialExplorers: 4 },
    concurrency: { agents: 2, evaluations: 2 },
    agent: { local: { optimizerSteps: 1 } },
  });
  log(`real store: swarm run --attempts ${seedAttempts} in ${repo}`);
  await runCli(['run', '--attempts', String(seedAttempts), '--json'], { cwd: repo });
  const store = SwarmStore.open(join(repo, '.swarm', 'swarm.db'), { mustExist: true });
  try {
    const db = store.db;
    const run = store.latestRun();
    const baseline = db.prepare(`SELECT id FROM attempts WHERE run_id = ? AND role = 'baseline'`).pluck().get(run.id);
    const span = db.prepare('SELECT MAX(seq) FROM attempts').pluck().get();
    const waves = db.prepare('SELECT MAX(number) FROM waves WHERE run_id = ?').pluck().get(run.id);
    const seeded = db.prepare(`SELECT COUNT(*) FROM attempts WHERE run_id = ? AND id != ?`).pluck().get(run.id, baseline);
    const [t0, t1] = db.prepare('SELECT MIN(created_at), MAX(COALESCE(finished_at, created_at)) FROM attempts WHERE run_id = ?').raw().get(run.id);
    const attemptCols = columnsOf(db, 'attempts', ['id', 'seq', 'wave', 'branch', 'log_dir', 'created_at', 'started_at', 'finished_at']);
    const evalCols = columnsOf(db, 'evaluations', ['id', 'attempt_id', 'created_at']);
    const eventCols = columnsOf(db, 'events', ['id', 'attempt_id', 'at']);
    const copyAttempts = db.prepare(
      `INSERT INTO attempts (id, seq, wave, branch, log_dir, created_at, started_at, finished_at, ${attemptCols.join(', ')})
       SELECT ${remap('id')}, seq + @k * @span, wave + @k * @waves, branch || '-copy' || @k, log_dir || '-copy' || @k,
              created_at + @k * @dt, started_at + @k * @dt, finished_at + @k * @dt, ${attemptCols.join(', ')}
       FROM attempts WHERE run_id = @run AND id != @baseline AND seq <= @lastSeq ORDER BY seq`,
    );
    const copyEvaluations = db.prepare(
      `INSERT INTO evaluations (attempt_id, created_at, ${evalCols.join(', ')})
       SELECT ${remap('e.attempt_id')}, e.created_at + @k * @dt, ${evalCols.map((c) => `e.${c}`).join(', ')}
       FROM evaluations e JOIN attempts a ON a.id = e.attempt_id WHERE a.run_id = @run AND a.id != @baseline AND a.seq <= @lastSeq ORDER BY e.id`,
    );
    const copyEdges = db.prepare(
      `INSERT INTO edges (run_id, from_id, to_id, kind, position)
       SELECT e.run_id, ${remap('e.from_id')}, ${remap('e.to_id')}, e.kind, e.position
       FROM edges e JOIN attempts a ON a.id = e.to_id WHERE e.run_id = @run AND a.id != @baseline AND a.seq <= @lastSeq`,
    );
    const copyEvents = db.prepare(
      `INSERT INTO events (attempt_id, at, ${eventCols.join(', ')})
       SELECT ${remap('v.attempt_id')}, v.at + @k * @dt, ${eventCols.map((c) => `v.${c}`).join(', ')}
       FROM events v JOIN attempts a ON a.id = v.attempt_id WHERE v.run_id = @run AND a.id != @baseline AND a.seq <= @lastSeq ORDER BY v.id`,
    );
    const copyWaves = db.prepare(
      `INSERT OR IGNORE INTO waves (run_id, number, policy, rationale, started_at, finished_at)
       SELECT run_id, number + @k * @waves, policy, rationale, started_at + @k * @dt, finished_at + @k * @dt FROM waves WHERE run_id = @run AND number > 0 AND number <= @waves`,
    );
    const seqs = db.prepare(`SELECT seq FROM attempts WHERE run_id = ? AND id != ? ORDER BY seq`).pluck().all(run.id, baseline);
    store.transaction(() => {
      for (let k = 1, total = seeded + 1; total < count; k++) {
        const take = Math.min(seeded, count - total);
        const params = { k, span, waves, dt: t1 - t0 + 1_000, run: run.id, baseline, lastSeq: seqs[take - 1] };
        for (const statement of [copyAttempts, copyEvaluations, copyEdges, copyEvents, copyWaves]) statement.run(params);
        total += take;
      }
    });
    const attempts = db.prepare('SELECT COUNT(*) FROM attempts WHERE run_id = ?').pluck().get(run.id);
    log(`real store: ${seeded} attempts of a real run copied up to ${attempts}`);
    return { repo, seedAttempts: seeded, attempts };
  } finally {
    store.close();
  }
};
