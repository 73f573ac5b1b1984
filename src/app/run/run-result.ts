import type { RunRecord } from '../../store/records.js';
import type { SwarmStore } from '../../store/swarm-store.js';

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
}

const countAttempts = (store: SwarmStore, runId: string): RunSearchResult['attempts'] => {
  const counts = { scored: 0, invalid: 0, failed: 0, interrupted: 0 };
  for (const attempt of store.listAttempts(runId)) {
    if (attempt.role === 'baseline' || attempt.status === 'running') continue;
    counts[attempt.status] += 1;
  }
  return counts;
};

const problemOf = (status: RunRecord['status'], stopReason: string, attempts: RunSearchResult['attempts']): string | null => {
  if (status === 'failed') return stopReason;
  if (status !== 'finished' || attempts.scored > 0) return null;
  return `no attempt beyond the baseline was scored (${attempts.failed} failed, ${attempts.invalid} invalid); see \`swarm status\` and \`swarm show <attempt>\` for the reasons`;
};

/** Records how the run ended and sums it up for the caller. */
export const finish = (
  store: SwarmStore,
  runId: string,
  status: RunRecord['status'],
  stopReason: string,
  resumed: boolean,
  baseline: { id: string; score: number | null; status: string },
  best: { id: string; score: number } | null,
): RunSearchResult => {
  store.updateRun(runId, { status, stopReason, finishedAt: Date.now(), ownerPid: null });
  store.addEvent(runId, 'run.stopped', { status, stopReason });
  const attempts = countAttempts(store, runId);
  return {
    runId,
    status,
    stopReason,
    resumed,
    baseline: { id: baseline.id, score: baseline.score, valid: baseline.status === 'scored' },
    best,
    attempts,
    problem: problemOf(status, stopReason, attempts),
  };
};
