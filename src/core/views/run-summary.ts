import { evaluationBudgetOf } from './recorded-config.js';
import type { RunSummary, StaleRun, StatusReport } from './report.js';

/** What a run's summary reads of its record (the store's run record, or the status start-up path's). */
export type SummarizedRun = Pick<RunSummary, 'id' | 'status' | 'description' | 'objective' | 'createdAt' | 'finishedAt' | 'stopReason' | 'attemptBudget'> & { configJson: string };

/** The `run` of a status report, in its key order: the record, then what was used of its budgets. */
export const runSummary = (run: SummarizedRun, used: { attempts: number; evaluations: number; stale: StaleRun | null }): RunSummary => ({
  id: run.id,
  status: run.status,
  description: run.description,
  objective: run.objective,
  createdAt: run.createdAt,
  finishedAt: run.finishedAt,
  stopReason: run.stopReason,
  attemptsUsed: used.attempts,
  attemptBudget: run.attemptBudget,
  evaluationsUsed: used.evaluations,
  evaluationBudget: evaluationBudgetOf(run.configJson),
  stale: used.stale,
});

/** The `best` of a status report: the best attempt and what it gained over the baseline's score. */
export const bestSummary = (best: { id: string; score: number | null } | null, baselineScore: number | null): StatusReport['best'] =>
  best === null ? null : { id: best.id, score: best.score, improvement: best.score !== null && baselineScore !== null ? best.score - baselineScore : null };
