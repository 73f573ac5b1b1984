import { z } from 'zod';
import type { AttemptRow } from '../core/views/report.js';
import type { EdgeRecord, WaveRecord } from '../core/ports/records.js';
import { attemptColumns as c, edgeColumns as e, waveColumns as w } from './records.js';
import type { DbOwner } from './open-database.js';

/**
 * What a report row reads (status, graph, plot): the printed columns only, the reason folded with
 * the error in SQL. Read as arrays (`raw`) and validated by one tuple schema: each row costs one
 * array from SQLite, one from zod and the row itself (objects, a pick and a transform cost five).
 * Rows are iterated, not fetched with `all()`: each SQLite array dies young instead of surviving
 * every scavenge until the last row is read (a quarter less CPU at 10,000 rows).
 */
export const REPORT_COLUMNS =
  'id, wave, role, operator, backend, status, phase, score, valid, COALESCE(reason, error), hypothesis, summary, cost_usd, flags_json, started_at, finished_at, CASE WHEN status = \'scored\' THEN metrics_json END';

const reportTuple = z.tuple([
  c.id, c.wave, c.role, c.operator, c.backend, c.status, c.phase, c.score, c.valid, c.reason, c.hypothesis, c.summary, c.cost_usd, z.string().nullable(), c.started_at, c.finished_at,
  z.string().nullable(),
]);

/** A scored attempt's metrics (the values its Pareto front is built from); `{}` when none were stored or the text is not theirs. */
const metricsOf = (text: string | null): Record<string, number> => {
  const parsed = text === null ? null : c.metrics_json.safeParse(text);
  return parsed?.success === true ? (parsed.data ?? {}) : {};
};

/** Most attempts have no flag: their `[]` skips the JSON parse and its schema (~40 % of a row's validation). */
const flagsOf = (text: string | null): string[] => (text === '[]' ? [] : (c.flags_json.parse(text) ?? []));

/** One `REPORT_COLUMNS` array as a report row of run `runId`, validated by the tuple schema. */
export const toReportRow = (raw: unknown, runId: string, parents: ReadonlyMap<string, readonly string[]>): AttemptRow => {
  const [id, wave, role, operator, backend, status, phase, score, valid, reason, hypothesis, summary, costUsd, flags, startedAt, finishedAt, metrics] = reportTuple.parse(raw);
  return {
    id, runId, wave, role, operator, backend, status, phase, score,
    valid: valid === null ? null : valid === 1,
    reason, hypothesis, summary, costUsd,
    flags: flagsOf(flags),
    startedAt, finishedAt,
    parents: [...(parents.get(id) ?? [])],
    durationMs: finishedAt !== null && startedAt !== null ? finishedAt - startedAt : null,
    ...(status === 'scored' ? { metrics: metricsOf(metrics) } : {}),
  };
};

/**
 * Every attempt of a run as report rows, oldest first, with its parents in merge order (from
 * `parentsByAttempt`). The key order is the one `status --json` has always printed.
 */
export const listReportRows = (store: DbOwner, runId: string, parents: ReadonlyMap<string, readonly string[]>): AttemptRow[] => {
  const rows: AttemptRow[] = [];
  for (const raw of store.db.prepare(`SELECT ${REPORT_COLUMNS} FROM attempts WHERE run_id = ? ORDER BY seq`).raw(true).iterate(runId)) {
    rows.push(toReportRow(raw, runId, parents));
  }
  return rows;
};

const edgeTuple = z.tuple([e.from_id, e.to_id, e.kind, e.position]);

/** The edges of a run in the order of `listEdges` (by target, kind, position), iterated as arrays. */
export const listReportEdges = (store: DbOwner, runId: string): EdgeRecord[] => {
  const edges: EdgeRecord[] = [];
  for (const row of store.db.prepare('SELECT from_id, to_id, kind, position FROM edges WHERE run_id = ? ORDER BY to_id, kind, position').raw(true).iterate(runId)) {
    const [from, to, kind, position] = edgeTuple.parse(row);
    edges.push({ from, to, kind, position });
  }
  return edges;
};

const waveTuple = z.tuple([w.number, w.started_at, w.finished_at]);

/** The waves of a run by number with what status shows of them (no policy or rationale text). */
export const listReportWaves = (store: DbOwner, runId: string): Array<Pick<WaveRecord, 'number' | 'startedAt' | 'finishedAt'>> => {
  const waves: Array<Pick<WaveRecord, 'number' | 'startedAt' | 'finishedAt'>> = [];
  for (const row of store.db.prepare('SELECT number, started_at, finished_at FROM waves WHERE run_id = ? ORDER BY number').raw(true).iterate(runId)) {
    const [number, startedAt, finishedAt] = waveTuple.parse(row);
    waves.push({ number, startedAt, finishedAt });
  }
  return waves;
};
