import type { AttemptRow, StaleRun } from '../../core/views/report.js';
import type { RunQueries } from '../../core/ports/index.js';
import type { AttemptRowRecord, EdgeRecord } from '../../store/records.js';
import { orphanReason } from './stale-run.js';

/** Parents per attempt in merge order (informed_by excluded). */
export const parentsByAttempt = (edges: readonly EdgeRecord[]): Map<string, string[]> => {
  const parents = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.kind === 'informed_by') continue;
    const list = parents.get(edge.to) ?? [];
    list[edge.position] = edge.from;
    parents.set(edge.to, list);
  }
  return parents;
};

export const toAttemptRow = (a: AttemptRowRecord, parents: readonly string[]): AttemptRow => ({
  ...a,
  parents: [...parents],
  durationMs: a.finishedAt !== null && a.startedAt !== null ? a.finishedAt - a.startedAt : null,
});

/**
 * Every attempt of a run as report rows, oldest first. Of a stale run (driver gone) no attempt is
 * running any more: those left `running` show as interrupted, their clock stopped at its last activity.
 */
export const attemptRows = (store: RunQueries, runId: string, stale: StaleRun | null = null): { rows: AttemptRow[]; edges: EdgeRecord[] } => {
  const edges = store.reports.edges(runId);
  const rows = store.reports.rows(runId, parentsByAttempt(edges));
  return { rows: stale === null ? rows : rows.map((row) => (row.status === 'running' ? orphanedRow(row, stale) : row)), edges };
};

/** A row left `running` by a driver that is gone: interrupted, its clock stopped at the run's last activity. */
export const orphanedRow = (row: AttemptRow, stale: StaleRun): AttemptRow => ({
  ...row,
  status: 'interrupted',
  reason: orphanReason(stale),
  durationMs: row.startedAt === null ? null : Math.max(0, stale.lastActivityAt - row.startedAt),
});
