import type { RunRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';

export interface RunSearchResult {
  runId: string;
  status: RunRecord['status'];
  stopReason: string;
  resumed: boolean;
  baseline: { id: string; score: number | null; valid: boolean };
  best: { id: string; score: number } | null;
  /** The run's attempts beyond the baseline, by outcome. */
  attempts: { scored: number; invalid: number; failed: number; interrupted: number };
  /** Why the run counts as a failure (exit 1) although it ran: the breaker, a failed baseline, nothing scored; null when fine. */
  problem: string | null;
  /** Whether some attempt beat the baseline; a run that never does still exits 0, but says so. */
  improved: boolean;
  /** How many attempts beyond the baseline finished when every one of them changed nothing (flagged no-change); 0 otherwise. */
  allNoChange: number;
  /** The Shepherd seed the run used (a fresh one when --new would have replayed an earlier run). */
  seed?: number;
}

const problemOf = (status: RunRecord['status'], stopReason: string, attempts: RunSearchResult['attempts']): string | null => {
  if (status === 'failed') return stopReason;
  if (status !== 'finished' || attempts.scored > 0) return null;
  return `no attempt beyond the baseline was scored (${attempts.failed} failed, ${attempts.invalid} invalid); see \`swarm status\` and \`swarm show <attempt>\` for the reasons`;
};

/** Records how the run ended and sums it up for the caller. */
export const finish = (
  store: RunQueries,
  runId: string,
  status: RunRecord['status'],
  stopReason: string,
  resumed: boolean,
  baseline: { id: string; score: number | null; status: string },
  best: { id: string; score: number } | null,
): RunSearchResult => {
  store.updateRun(runId, { status, stopReason, finishedAt: Date.now(), ownerPid: null });
  store.addEvent(runId, 'run.stopped', { status, stopReason });
  // Counted in SQL: reading every attempt record (prompts and contexts) here cost a 5,000-attempt driver ~40 MiB at its end.
  const attempts = store.reports.finishedCounts(runId);
  const changes = store.reports.noChangeCounts(runId);
  return {
    runId,
    status,
    stopReason,
    resumed,
    baseline: { id: baseline.id, score: baseline.score, valid: baseline.status === 'scored' },
    best,
    attempts,
    problem: problemOf(status, stopReason, attempts),
    // The incumbent starts as the baseline and is replaced only by a strictly better attempt.
    improved: best !== null && best.id !== baseline.id,
    allNoChange: changes.finished > 0 && changes.noChange === changes.finished ? changes.finished : 0,
  };
};
