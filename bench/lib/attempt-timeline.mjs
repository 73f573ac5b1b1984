import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SwarmStore } from '../../dist/store/swarm-store.js';

const OFFICIAL = new Set(['official', 'confirm']);

/** `attempt id -> epoch ms` of the run log's "agent started" lines (logged right before the backend runs). */
const agentStarts = (repo) => {
  const starts = new Map();
  const file = join(repo, '.swarm', 'logs', 'swarm.log');
  if (!existsSync(file)) return starts;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"agent started"')) continue;
    try {
      const entry = JSON.parse(line);
      if (typeof entry.attempt === 'string' && typeof entry.time === 'number') starts.set(entry.attempt, entry.time);
    } catch {
      // a torn last line of a log still being written
    }
  }
  return starts;
};

const fileTimes = (path) => {
  if (!existsSync(path)) return null;
  const s = statSync(path);
  return { born: s.birthtimeMs > 0 ? s.birthtimeMs : null, modified: s.mtimeMs };
};

/** Birth time of the first official evaluator output file (created at the evaluator's spawn). */
const evalStart = (logDir) => {
  if (!existsSync(logDir)) return null;
  const born = readdirSync(logDir)
    .filter((name) => name.endsWith('.stdout.log'))
    .map((name) => fileTimes(join(logDir, name))?.born ?? null)
    .filter((t) => t !== null);
  return born.length === 0 ? null : Math.min(...born);
};

/**
 * The life cycle of each non-baseline attempt of the latest run, read back from what a run leaves:
 * the store (created/finished times, evaluation durations), the run log (agent start) and the
 * agent transcript's modification time (its last line is written as the agent returns).
 * `lifecycleMs` runs from this attempt's creation to the next one's (the run's end for the last):
 * meaningful only when attempts run one after another (wave size 1, one agent, one evaluation).
 */
export const readAttemptTimeline = (repo) => {
  const store = SwarmStore.open(join(repo, '.swarm', 'swarm.db'), { mustExist: true });
  try {
    const run = store.latestRun();
    if (run === null) throw new Error(`no run in ${repo}`);
    const starts = agentStarts(repo);
    const attempts = store.listAttempts(run.id).filter((a) => a.role !== 'baseline');
    const rows = attempts.map((a, index) => {
      const next = attempts[index + 1];
      const end = next ? next.createdAt : run.finishedAt;
      const evaluations = store.listEvaluations(a.id);
      const evalMs = evaluations.filter((e) => OFFICIAL.has(e.kind)).reduce((t, e) => t + e.durationMs, 0);
      const agentStart = starts.get(a.id) ?? null;
      const agentEnd = fileTimes(join(a.logDir, 'transcript.md'))?.modified ?? null;
      const agentMs = agentStart !== null && agentEnd !== null ? Math.max(0, agentEnd - agentStart) : null;
      const lifecycleMs = end === null ? null : end - a.createdAt;
      const evalBorn = evalStart(a.logDir);
      return {
        id: a.id,
        role: a.role,
        operator: a.operator,
        status: a.status,
        lifecycleMs,
        agentMs,
        evalMs,
        selfEvaluations: evaluations.filter((e) => e.kind === 'intermediate').length,
        overheadMs: lifecycleMs !== null && agentMs !== null ? lifecycleMs - agentMs - evalMs : null,
        phases: {
          prepare: agentStart === null ? null : agentStart - a.createdAt,
          commitAndChecks: evalBorn === null || agentEnd === null ? null : evalBorn - agentEnd,
          record: evalBorn === null || a.finishedAt === null ? null : a.finishedAt - (evalBorn + evalMs),
          releaseAndPlan: end === null || a.finishedAt === null ? null : end - a.finishedAt,
        },
        createdAt: a.createdAt,
        finishedAt: a.finishedAt,
      };
    });
    return { run, rows, waves: store.listWaves(run.id) };
  } finally {
    store.close();
  }
};
