import type { AttemptStatus } from '../../core/domain/types.js';
import type { AttemptRow, StatusReport, WaveRow } from '../../core/views/report.js';
import { staleRun, storeStaleReads } from './stale-run.js';
import { compareScores, isBetter } from '../../core/domain/score.js';
import { crownable } from '../../core/domain/crowning.js';
import { costByRole } from '../../core/views/cost-by-role.js';
import { backendFigures } from '../../core/views/backend-figures.js';
import { backendModelsOf } from '../../core/views/recorded-config.js';
import { bestSummary, runSummary } from '../../core/views/run-summary.js';
import { nominatedAttempts } from '../../core/views/nominated-attempts.js';
import { RUN_SPACE_EVENT, runSpaceOf } from '../../core/views/run-space.js';
import type { RunQueries } from '../../core/ports/index.js';
import { attemptRows } from './attempt-rows.js';
import { instructionRecords } from './instruction-records.js';
import { limitWaits } from '../attempt/limit-waits.js';
import { openRunStore } from '../project/open-project.js';
import { selectRun } from '../project/select-run.js';

const withVariant = (row: AttemptRow, variant: string | undefined): AttemptRow => (variant === undefined ? row : { ...row, instructions: variant });

/** Builds the status report of one run from the store (safe while a run writes). */
export const buildStatusReport = (store: RunQueries, runId?: string): StatusReport => {
  const run = selectRun(store, runId);
  const stale = staleRun(storeStaleReads(store), run);
  // Running attempts (at most concurrency.agents) with the batch job their agent runs as, if any.
  const rows = attemptRows(store, run.id, stale).rows.map((row) => {
    const job = row.status === 'running' ? store.agentJobs.get(row.id) : null;
    return job === null ? row : { ...row, agentJob: job };
  });
  const direction = run.objective.direction;
  const baselineRow = rows.find((r) => r.role === 'baseline' && r.status !== 'interrupted') ?? null;
  const scored = rows.filter((r) => r.status === 'scored' && r.score !== null);
  // One pass; of equal scores the lowest id (a9 before a10) wins. Rows come in seq order and an id
  // is `a<seq>`, so the first one seen is that one, without a collator (~2 ms to build one).
  const byScore = compareScores(direction);
  let bestRow: AttemptRow | null = null;
  for (const row of scored) if (crownable(row.flags) && (bestRow === null || byScore(row.score, bestRow.score) < 0)) bestRow = row;
  const counts: Record<AttemptStatus, number> = { running: 0, scored: 0, invalid: 0, failed: 0, interrupted: 0 };
  // The baseline has its own line: counts are of the run's attempts, as attemptsUsed is.
  for (const row of rows) if (row.role !== 'baseline') counts[row.status]++;
  const byWave = new Map<number, AttemptRow[]>();
  for (const row of rows) {
    const list = byWave.get(row.wave);
    if (list) list.push(row);
    else byWave.set(row.wave, [row]);
  }
  const waves: WaveRow[] = store.reports.waves(run.id).map((wave) => {
    const inWave = byWave.get(wave.number) ?? [];
    let best: number | null = null;
    for (const r of inWave) if (r.status === 'scored' && isBetter(r.score, best, direction)) best = r.score;
    return { number: wave.number, attempts: inWave.length, running: inWave.filter((r) => r.status === 'running').length, bestScore: best, startedAt: wave.startedAt, finishedAt: wave.finishedAt };
  });
  const baselineScore = baselineRow?.score ?? null;
  const instructions = instructionRecords(store, run.id, direction);
  return {
    run: runSummary(run, {
      attempts: rows.filter((r) => r.role !== 'baseline' && r.status !== 'interrupted').length,
      evaluations: store.countEvaluations(run.id),
      stale,
    }),
    baseline: baselineRow ? { id: baselineRow.id, score: baselineScore } : null,
    best: bestSummary(bestRow, baselineScore),
    waves,
    attempts: instructions.byAttempt.size === 0 ? rows : rows.map((r) => withVariant(r, instructions.byAttempt.get(r.id))),
    counts,
    costUsd: rows.reduce((sum, r) => sum + r.costUsd, 0),
    costByRole: costByRole(rows),
    backends: backendFigures(rows, direction, backendModelsOf(run.configJson)),
    waits: limitWaits(store, run, rows, Date.now()),
    heldOut: store.reports.heldOut(run.id)
      .map((h) => ({ id: h.attemptId, score: rows.find((r) => r.id === h.attemptId)?.score ?? null, heldOut: h.score, valid: h.valid }))
      .sort((a, b) => compareScores(direction)(a.score, b.score)),
    nominations: nominatedAttempts(store.reports.nominations(run.id), (id) => rows.find((r) => r.id === id)?.score ?? null),
    front: store.front.members(run.id),
    imports: store.imports.list(run.id).map((i) => ({ id: i.attemptId, from: `${i.fromRun}/${i.fromAttempt}`, fromScore: i.fromScore })),
    instructions: instructions.rows.map(({ text: _text, ...row }) => row),
    space: runSpaceOf(store.listEventsOfType(run.id, [RUN_SPACE_EVENT]).at(-1)?.data),
  };
};

/** `swarm status`. */
export const getStatus = async (options: { cwd: string; runId?: string }): Promise<StatusReport> => {
  const store = await openRunStore(options.cwd);
  try {
    return buildStatusReport(store, options.runId);
  } finally {
    store.close();
  }
};
