import type { AttemptStatus, Role } from '../../core/domain/types.js';
import { RUN_SPACE_EVENT, runSpaceOf } from '../../core/views/run-space.js';
import { compareScores, isBetter } from '../../core/domain/score.js';
import type { RoleCost } from '../../core/views/cost-by-role.js';
import type { AttemptRow, StatusReport, WaveRow } from '../../core/views/report.js';
import type { DigestTally, RunQueries } from '../../core/ports/index.js';
import { orphanedRow } from './attempt-rows.js';
import { instructionRecords } from './instruction-records.js';
import { limitWaits } from '../attempt/limit-waits.js';
import { openRunStore } from '../project/open-project.js';
import { selectRun } from '../project/select-run.js';
import { buildStatusReport } from './status.js';
import { staleRun, storeStaleReads } from './stale-run.js';
import { bestSummary, runSummary } from '../../core/views/run-summary.js';
import { nominatedAttempts } from '../../core/views/nominated-attempts.js';

/** What each role's attempts spent, in the order the roles first spent anything (as `costByRole`). */
const costOfRoles = (tallies: readonly DigestTally[]): RoleCost[] => {
  const byRole = new Map<Role, { costUsd: number; first: number }>();
  for (const t of tallies) {
    if (t.firstSpentSeq === null) continue;
    const seen = byRole.get(t.role) ?? { costUsd: 0, first: Number.MAX_SAFE_INTEGER };
    byRole.set(t.role, { costUsd: seen.costUsd + t.costUsd, first: Math.min(seen.first, t.firstSpentSeq) });
  }
  return [...byRole].sort((a, b) => a[1].first - b[1].first).map(([role, { costUsd }]) => ({ role, costUsd }));
};

/**
 * The status report of a long run as plain `swarm status` prints it, read without a row per
 * attempt: counts, costs and waves from SQL tallies, `attempts` only the rows the digest shows,
 * and `digest` the number left out and the rows that set a new best. Runs of `threshold`
 * attempts or fewer (all shown anyway) get the full report.
 */
export const buildStatusDigest = (store: RunQueries, threshold: number, runId?: string): StatusReport => {
  const run = selectRun(store, runId);
  const stale = staleRun(storeStaleReads(store), run);
  const front = store.front.members(run.id);
  const nominations = store.reports.nominations(run.id);
  const heldOut = store.reports.heldOut(run.id);
  const read = store.reports.statusDigest(run.id, {
    direction: run.objective.direction, stale: stale !== null, shown: front, scored: [...nominations.map((n) => n.attemptId), ...heldOut.map((h) => h.attemptId)],
  });
  const total = read.tallies.reduce((sum, t) => sum + t.count, 0);
  if (total <= threshold) return buildStatusReport(store, run.id);
  const direction = run.objective.direction;
  // Of a stale run no attempt runs any more: what the full report shows as interrupted.
  const statusOf = (t: DigestTally): AttemptStatus => (stale !== null && t.status === 'running' ? 'interrupted' : t.status);
  const instructions = instructionRecords(store, run.id, direction);
  const rows: AttemptRow[] = (stale === null ? read.rows : read.rows.map((row) => (row.status === 'running' ? orphanedRow(row, stale) : row))).map((row) => {
    const variant = instructions.byAttempt.get(row.id);
    return variant === undefined ? row : { ...row, instructions: variant };
  });
  const counts: Record<AttemptStatus, number> = { running: 0, scored: 0, invalid: 0, failed: 0, interrupted: 0 };
  for (const t of read.tallies) if (t.role !== 'baseline') counts[statusOf(t)] += t.count;
  let bestRow: AttemptRow | null = null;
  for (const row of rows) if (row.status === 'scored' && row.score !== null && (bestRow === null || isBetter(row.score, bestRow.score, direction))) bestRow = row;
  const baselineRow = rows.find((r) => r.role === 'baseline' && r.status !== 'interrupted') ?? null;
  const baselineScore = baselineRow?.score ?? null;
  const byWave = new Map<number, DigestTally[]>();
  for (const t of read.tallies) {
    const list = byWave.get(t.wave);
    if (list) list.push(t);
    else byWave.set(t.wave, [t]);
  }
  const waves: WaveRow[] = store.reports.waves(run.id).map((wave) => {
    const inWave = byWave.get(wave.number) ?? [];
    let best: number | null = null;
    for (const t of inWave) if (t.status === 'scored' && isBetter(direction === 'maximize' ? t.maxScore : t.minScore, best, direction)) best = direction === 'maximize' ? t.maxScore : t.minScore;
    return {
      number: wave.number,
      attempts: inWave.reduce((sum, t) => sum + t.count, 0),
      running: inWave.reduce((sum, t) => sum + (statusOf(t) === 'running' ? t.count : 0), 0),
      bestScore: best, startedAt: wave.startedAt, finishedAt: wave.finishedAt,
    };
  });
  const scoreOf = (id: string): number | null => read.scores.get(id) ?? null;
  return {
    run: runSummary(run, {
      attempts: read.tallies.reduce((sum, t) => sum + (t.role !== 'baseline' && statusOf(t) !== 'interrupted' ? t.count : 0), 0),
      evaluations: read.evaluations,
      stale,
    }),
    baseline: baselineRow ? { id: baselineRow.id, score: baselineScore } : null,
    best: bestSummary(bestRow, baselineScore),
    waves,
    attempts: rows,
    counts,
    costUsd: read.tallies.reduce((sum, t) => sum + t.costUsd, 0),
    costByRole: costOfRoles(read.tallies),
    waits: limitWaits(store, run, rows, Date.now()),
    heldOut: heldOut.map((h) => ({ id: h.attemptId, score: scoreOf(h.attemptId), heldOut: h.score, valid: h.valid })).sort((a, b) => compareScores(direction)(a.score, b.score)),
    nominations: nominatedAttempts(nominations, scoreOf),
    front,
    imports: store.imports.list(run.id).map((i) => ({ id: i.attemptId, from: `${i.fromRun}/${i.fromAttempt}`, fromScore: i.fromScore })),
    instructions: instructions.rows.map(({ text: _text, ...row }) => row),
    digest: { hidden: total - rows.length, newBest: read.newBest },
    space: runSpaceOf(store.listEventsOfType(run.id, [RUN_SPACE_EVENT]).at(-1)?.data),
  };
};

/** Plain `swarm status` (no --all, no --json): the digest of a long run, the full report of a short one. */
export const getStatusDigest = async (options: { cwd: string; runId?: string; threshold: number }): Promise<StatusReport> => {
  const store = await openRunStore(options.cwd);
  try {
    return buildStatusDigest(store, options.threshold, options.runId);
  } finally {
    store.close();
  }
};
