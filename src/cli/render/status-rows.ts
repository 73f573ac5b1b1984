import type { AttemptRow } from '../../core/views/report.js';
import { compareScores, isBetter, type Direction } from '../../core/domain/score.js';
import { compareAttemptIds, sortAttempts } from '../../core/views/node-order.js';

/** Above this many attempts, `swarm status` shows a digest unless `--all` is given. */
export const DIGEST_THRESHOLD = 40;
const DIGEST_BEST = 10;
const DIGEST_RECENT = 15;

export interface RowSelection {
  rows: AttemptRow[];
  hidden: number;
}

/**
 * The attempts the table shows, in report order: all of them, or for long runs the running ones,
 * the baseline, the Pareto front, the best few and the most recent (ids grow with creation, so report order is age).
 */
export const selectRows = (attempts: readonly AttemptRow[], direction: Direction, all: boolean, front: readonly string[] = []): RowSelection => {
  const ordered = sortAttempts(attempts);
  if (all || ordered.length <= DIGEST_THRESHOLD) return { rows: ordered, hidden: 0 };
  const keep = new Set<string>();
  for (const row of ordered) if (row.status === 'running' || row.role === 'baseline') keep.add(row.id);
  for (const id of front) keep.add(id);
  const byScore = compareScores(direction);
  ordered
    .filter((row) => row.status === 'scored' && row.score !== null)
    .sort((a, b) => byScore(a.score, b.score) || compareAttemptIds(a.id, b.id))
    .slice(0, DIGEST_BEST)
    .forEach((row) => keep.add(row.id));
  for (const row of ordered.slice(-DIGEST_RECENT)) keep.add(row.id);
  const rows = ordered.filter((row) => keep.has(row.id));
  return { rows, hidden: ordered.length - rows.length };
};

/**
 * Attempts that raised the best score when they finished (the improvement trajectory), baseline
 * excluded since it only sets the starting point.
 */
export const newBestIds = (attempts: readonly AttemptRow[], direction: Direction): Set<string> => {
  const finished = sortAttempts(attempts.filter((row) => row.status === 'scored' && row.score !== null));
  finished.sort((a, b) => (a.finishedAt ?? Number.MAX_SAFE_INTEGER) - (b.finishedAt ?? Number.MAX_SAFE_INTEGER));
  const ids = new Set<string>();
  let best: number | null = null;
  for (const row of finished) {
    if (!isBetter(row.score, best, direction)) continue;
    if (row.role !== 'baseline') ids.add(row.id);
    best = row.score;
  }
  return ids;
};

/** How long an attempt took, or has been running until `now`; null when unknown. */
export const attemptDurationMs = (row: AttemptRow, now: number): number | null => {
  if (row.status === 'running') return row.startedAt === null ? null : now - row.startedAt;
  if (row.durationMs !== null) return row.durationMs;
  if (row.startedAt !== null && row.finishedAt !== null) return row.finishedAt - row.startedAt;
  return null;
};
