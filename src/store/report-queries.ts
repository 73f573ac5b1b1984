import type { EdgeRecord, WaveRecord } from '../core/ports/records.js';
import type { Direction } from '../core/domain/score.js';
import type { FinishedCounts, HeldOutResult, NominationRecord, ReportReads, StatusDigestReads } from '../core/ports/run-queries.js';
import type { AttemptRow } from '../core/views/report.js';
import { countFinishedAttempts, countNoChangeAttempts } from './attempt-counts.js';
import { heldOutResults, runEvaluationSeeds } from './check-queries.js';
import { attemptIdsWithEvent, countAttemptEvents } from './event-queries.js';
import { listNominations } from './nominations.js';
import { listReportEdges, listReportRows, listReportWaves } from './report-rows.js';
import { statusDigest } from './status-digest-reads.js';
import type { DbOwner } from './open-database.js';
import { listWaitedAttempts } from './wait-marks.js';

/** The ReportReads port over the store's report queries (each one SQL statement, in its own module). */
export class ReportQueries implements ReportReads {
  constructor(private readonly store: DbOwner) {}

  rows(runId: string, parents: ReadonlyMap<string, readonly string[]>): AttemptRow[] {
    return listReportRows(this.store, runId, parents);
  }

  statusDigest(runId: string, options: { direction: Direction; stale: boolean; shown: readonly string[]; scored: readonly string[] }): StatusDigestReads {
    return statusDigest(this.store, runId, options);
  }

  edges(runId: string): EdgeRecord[] {
    return listReportEdges(this.store, runId);
  }

  waves(runId: string): Array<Pick<WaveRecord, 'number' | 'startedAt' | 'finishedAt'>> {
    return listReportWaves(this.store, runId);
  }

  nominations(runId: string): NominationRecord[] {
    return listNominations(this.store, runId);
  }

  heldOut(runId: string): HeldOutResult[] {
    return heldOutResults(this.store, runId);
  }

  attemptsWithEvent(runId: string, type: string): Set<string> {
    return attemptIdsWithEvent(this.store, runId, type);
  }

  waitedAttempts(runId: string): Set<string> {
    return listWaitedAttempts(this.store, runId);
  }

  finishedCounts(runId: string): FinishedCounts {
    return countFinishedAttempts(this.store.db, runId);
  }

  noChangeCounts(runId: string): { finished: number; noChange: number } {
    return countNoChangeAttempts(this.store.db, runId);
  }

  attemptEventCount(attemptId: string, type: string): number {
    return countAttemptEvents(this.store, attemptId, type);
  }

  evaluationSeeds(runId: string): number[] {
    return runEvaluationSeeds(this.store, runId);
  }
}
