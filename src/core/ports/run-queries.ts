import type { Direction } from '../domain/score.js';
import type { AttemptStatus, Role } from '../domain/types.js';
import type { AttemptRow } from '../views/report.js';
import type { AttemptRowRecord, EdgeRecord, EventRecord, RunRecord, WaveRecord } from './records.js';
import type { RunStore } from './run-store.js';

/** A nomination of an attempt (an `attempt.nominated` event). */
export interface NominationRecord {
  attemptId: string;
  reason: string;
  /** The attempt whose agent nominated (SWARM_ATTEMPT_ID), or null for a person. */
  by: string | null;
  at: number;
}

/** Attempts of a run beyond the baseline by the status they ended in. */
export interface FinishedCounts {
  scored: number;
  invalid: number;
  failed: number;
  interrupted: number;
}

/** The latest held-out check of an attempt. */
export interface HeldOutResult {
  attemptId: string;
  valid: boolean;
  score: number | null;
}

/** Attempts of one wave, role and status: how many, their cost, their best score either way. */
export interface DigestTally {
  wave: number;
  role: Role;
  status: AttemptStatus;
  count: number;
  costUsd: number;
  /** Highest and lowest score of its scored attempts (null when none is scored). */
  maxScore: number | null;
  minScore: number | null;
  /** The seq of its first attempt that spent anything (null when none did): the order of `costByRole`. */
  firstSpentSeq: number | null;
}

/** What the digest of plain `swarm status` reads of a long run (`ReportReads.statusDigest`). */
export interface StatusDigestReads {
  tallies: DigestTally[];
  /** The run's evaluator runs, as `RunStore.countEvaluations` counts them. */
  evaluations: number;
  /** The rows the digest shows, oldest first: running, baselines, the best, the most recent, `shown`. */
  rows: AttemptRow[];
  /** Of `rows`, those that raised the best score when they finished (baseline excluded). */
  newBest: string[];
  /** The scores of the `scored` ids asked for. */
  scores: Map<string, number | null>;
}

/** The reads of reports, status and the spawn queue: one query each, no full record read. */
export interface ReportReads {
  /** The digest of a long run for plain `swarm status`, without reading every attempt. */
  statusDigest(runId: string, options: { direction: Direction; stale: boolean; shown: readonly string[]; scored: readonly string[] }): StatusDigestReads;
  /** The report columns of a run's attempts, in attempt order, with their parents from `parents`. */
  rows(runId: string, parents: ReadonlyMap<string, readonly string[]>): AttemptRow[];
  /** The edges of a run, grouped by the attempt they lead to. */
  edges(runId: string): EdgeRecord[];
  waves(runId: string): Array<Pick<WaveRecord, 'number' | 'startedAt' | 'finishedAt'>>;
  /** Every nomination of a run, oldest first. */
  nominations(runId: string): NominationRecord[];
  /** The latest held-out check of each checked attempt. */
  heldOut(runId: string): HeldOutResult[];
  /** Ids of the run's attempts that have an event of `type`. */
  attemptsWithEvent(runId: string, type: string): Set<string>;
  /** Attempts a `swarm wait` already returned. */
  waitedAttempts(runId: string): Set<string>;
  /** The run's finished attempts (baseline excluded) by status, counted without reading records. */
  finishedCounts(runId: string): FinishedCounts;
  /** Finished attempts beyond the baseline (interrupted aside) and how many of them changed nothing. */
  noChangeCounts(runId: string): { finished: number; noChange: number };
  /** How many events of `type` an attempt has (e.g. its nominations). */
  attemptEventCount(attemptId: string, type: string): number;
  /** Every seed the run's own evaluations used (review and held-out aside), in order. */
  evaluationSeeds(runId: string): number[];
}

/** The store's own life: whether it is still open, and closing it. */
export interface StoreHandle {
  readonly isOpen: boolean;
  close(): void;
}

/** What the queries (status, report, plot), `swarm spawn`/`wait` and the run's end read beyond RunStore. */
export interface RunQueries extends RunStore {
  readonly reports: ReportReads;
  /** The run with the highest number, or null. */
  latestRun(): RunRecord | null;
  listRuns(): RunRecord[];
  /** When the run's last event was recorded, or null. */
  lastEventAt(runId: string): number | null;
  /** The report columns of one attempt (no JSON columns parsed), or null. */
  getAttemptRow(id: string): AttemptRowRecord | null;
  /** The run's events after the event `afterId` (0: all), oldest first. */
  listEvents(runId: string, afterId?: number): EventRecord[];
}
