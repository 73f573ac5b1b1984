import type { EvalJob, EvalOutcome, EvaluatorRunner, JobRecordKey } from '../../core/ports/index.js';
import { listExitMarkers } from '../../eval/exit-marker.js';
import { recoverExitedJob } from '../../eval/recover-exited.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { EvaluationKind, EvaluationRecord } from '../../store/records.js';
import { redactEvalOutcome } from './redaction.js';

/** One evaluator job of an attempt's evaluation, as its row names it. */
export interface JournalKey {
  kind: EvaluationKind;
  stage: string;
  seed: number;
}

/**
 * The rows of one attempt's evaluation of one commit, kept the moment each job ends (not when the
 * whole evaluation, its confirmations or its noise check end): a driver killed after an evaluator
 * exited loses nothing it printed. A resumed evaluation takes the kept outcome of a job instead of
 * running it again, occurrence by occurrence (the noise check runs one seed twice).
 */
export interface EvaluationJournal {
  /** The kept outcome of the next occurrence of this job, or null when it is to be run. */
  take: (key: JournalKey) => EvalOutcome | null;
  /** Stores the outcome of a job that ran (as a row of the attempt, on the journal's commit). */
  keep: (key: JournalKey, outcome: EvalOutcome) => void;
  /** How many jobs were taken from the journal instead of run. */
  taken: () => number;
  /** The identity of the next occurrence of this job, for its exit record (exit-marker.ts). */
  record: (key: JournalKey) => JobRecordKey;
}

/** The kinds a journal keeps and takes: the evaluations an attempt's recorded score stands on. */
const JOURNALED: ReadonlySet<EvaluationKind> = new Set<EvaluationKind>(['official', 'confirm', 'baseline']);

const JOURNALED_KINDS: ReadonlySet<string> = JOURNALED;

/** An outcome as it was stored in its row. */
export const outcomeOfRow = (row: EvaluationRecord): EvalOutcome => ({
  metrics: row.metrics,
  score: row.score,
  valid: row.valid,
  reason: row.reason,
  feedback: row.feedback,
  instances: row.instances,
  artifacts: row.artifacts,
  exitCode: row.exitCode,
  signal: row.signal,
  timedOut: row.timedOut,
  durationMs: row.durationMs,
  stdoutTail: row.stdoutTail,
  stderrTail: row.stderrTail,
  jobId: row.jobId,
  ...(row.cluster === null ? {} : { cluster: row.cluster }),
});

/** The journaled rows an attempt has on `commit`, in the order they were kept. */
export const journaledRows = (store: Pick<RunStore, 'listEvaluations'>, attemptId: string, commit: string): EvaluationRecord[] =>
  store.listEvaluations(attemptId).filter((row) => JOURNALED.has(row.kind) && row.commit === commit);

/** The journal of `attemptId`'s evaluation of `commit`, holding the rows an earlier driver kept. */
export const evaluationJournal = (store: Pick<RunStore, 'listEvaluations' | 'addEvaluation'>, attemptId: string, commit: string): EvaluationJournal => {
  const unread = journaledRows(store, attemptId, commit);
  let taken = 0;
  // Occurrences of each job so far (taken back or kept): the noise check runs one seed twice.
  const seen = new Map<string, number>();
  const name = (key: JournalKey): string => JSON.stringify([key.kind, key.stage, key.seed]);
  const count = (key: JournalKey): void => void seen.set(name(key), (seen.get(name(key)) ?? 0) + 1);
  return {
    take: (key) => {
      const index = unread.findIndex((row) => row.kind === key.kind && row.stage === key.stage && row.seed === key.seed);
      const [row] = index < 0 ? [] : unread.splice(index, 1);
      if (row === undefined) return null;
      taken += 1;
      count(key);
      return outcomeOfRow(row);
    },
    keep: (key, outcome) => {
      store.addEvaluation(attemptId, key.kind, { ...outcome, stage: key.stage, seed: key.seed, commit });
      count(key);
    },
    taken: () => taken,
    record: (key) => ({ kind: key.kind, commit, occurrence: (seen.get(name(key)) ?? 0) + 1 }),
  };
};

/**
 * A runner whose jobs go through the journal: a kept job is not run again, a job that ran is kept
 * (redacted, as recorded) the moment it ends. A job canceled by `signal` is not kept: it did not finish.
 * A job with no row whose exit record says it finished while an earlier driver was being killed
 * (recover-exited.ts) is kept from that record instead of being run again.
 * `taken` hears of each outcome taken back (its guard did not run this time).
 */
export const journaledRunner = (inner: EvaluatorRunner, journal: EvaluationJournal, kind: EvaluationKind, taken: (outcome: EvalOutcome) => void = () => undefined): EvaluatorRunner => ({
  run: async (job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> => {
    const key = { kind, stage: job.stage, seed: job.seed };
    const kept = journal.take(key);
    if (kept !== null) {
      taken(kept);
      return kept;
    }
    const recorded = { ...job, record: journal.record(key) };
    const recovered = await recoverExitedJob(recorded);
    if (recovered !== null) {
      journal.keep(key, redactEvalOutcome(recovered));
      return recovered;
    }
    const outcome = await inner.run(recorded, signal);
    if (!signal.aborted) journal.keep(key, redactEvalOutcome(outcome));
    return outcome;
  },
});

/**
 * The exit records in the attempt's log folder of jobs on `commit` that finished with no row kept
 * (the driver was killed between their exit and their row): a resume records them without running them.
 */
export const unrecordedExits = async (store: Pick<RunStore, 'listEvaluations'>, attempt: { id: string; logDir: string }, commit: string): Promise<number> => {
  const rows = journaledRows(store, attempt.id, commit);
  const markers = await listExitMarkers(attempt.logDir);
  return markers.filter((marker) => marker.commit === commit && JOURNALED_KINDS.has(marker.kind)
    && rows.filter((row) => row.kind === marker.kind && row.stage === marker.stage && row.seed === marker.seed).length < marker.occurrence).length;
};
