import { crownable, crownableSql } from '../core/domain/crowning.js';
import { z } from 'zod';
import type { Direction } from '../core/domain/score.js';
import type { DigestTally, StatusDigestReads } from '../core/ports/run-queries.js';
import type { AttemptRow } from '../core/views/report.js';
import { attemptColumns as c, edgeColumns as e } from './records.js';
import { REPORT_COLUMNS, toReportRow } from './report-rows.js';
import type { DbOwner } from './open-database.js';

/** How many of the best and of the most recent attempts the digest of plain `swarm status` shows. */
const BEST = 10;
const RECENT = 15;

const tallyTuple = z.tuple([c.wave, c.role, c.status, z.number().int().nonnegative(), z.number(), z.number().nullable(), z.number().nullable(), z.number().int().nullable(), z.string(), z.string().nullable()]);
const edgeTuple = z.tuple([e.from_id, e.to_id, e.kind, e.position]);
const idList = z.array(c.id);

interface Tallied {
  tallies: DigestTally[];
  /** The seqs of each tally, comma-separated (SQLite's GROUP_CONCAT): parsed only where needed. */
  seqs: string[];
  /** Of those, the attempts flagged as a copied result (`reused:`, `near-duplicate:`). */
  copied: string[];
}

/**
 * Attempts per (wave, role, status) with their cost, their best scores either way, the first
 * attempt that spent anything and their seqs: the one pass over the run's attempts, in SQL,
 * instead of a row object per attempt. (Every other read here is an indexed look-up: a scan of
 * the attempts table reads its prompts too, ~25 MB at 10,000 attempts.)
 */
const tallies = (store: DbOwner, runId: string): Tallied => {
  const tallied: Tallied = { tallies: [], seqs: [], copied: [] };
  for (const raw of store.db.prepare(
    `SELECT wave, role, status, COUNT(*), TOTAL(cost_usd),
            MAX(CASE WHEN status = 'scored' THEN score END), MIN(CASE WHEN status = 'scored' THEN score END),
            MIN(CASE WHEN cost_usd > 0 THEN seq END), GROUP_CONCAT(seq),
            GROUP_CONCAT(CASE WHEN flags_json LIKE '%"reused:%' OR flags_json LIKE '%"near-duplicate:%' THEN seq END)
       FROM attempts WHERE run_id = ? GROUP BY wave, role, status`,
  ).raw(true).iterate(runId)) {
    const [wave, role, status, count, costUsd, maxScore, minScore, firstSpentSeq, seqs, copied] = tallyTuple.parse(raw);
    tallied.tallies.push({ wave, role, status, count, costUsd, maxScore, minScore, firstSpentSeq });
    tallied.seqs.push(seqs);
    if (copied !== null) tallied.copied.push(copied);
  }
  return tallied;
};

const seqsOf = (list: string): number[] => list.split(',').map(Number);

/**
 * The ids the digest shows besides `shown`: every running attempt (unless the run is stale, where
 * none runs any more), the baselines, the `BEST` best scored (ties: older first) and the `RECENT`
 * last in report order (wave, then id; an id is `a<seq>`, as the store names attempts).
 */
const digestIds = (store: DbOwner, runId: string, direction: Direction, stale: boolean, tallied: Tallied): string[] => {
  const ids = (sql: string, ...params: unknown[]): string[] => idList.parse(store.db.prepare(sql).pluck().all(runId, ...params));
  const baselines = tallied.tallies.flatMap((t, i) => (t.role === 'baseline' ? seqsOf(tallied.seqs[i] ?? '') : []));
  // The last waves until they hold RECENT attempts, then the last RECENT of them by (wave, seq).
  const byWave = tallied.tallies.map((t, i) => ({ wave: t.wave, count: t.count, seqs: tallied.seqs[i] ?? '' })).sort((x, y) => y.wave - x.wave);
  const late: Array<{ wave: number; seq: number }> = [];
  let lastWave = Number.POSITIVE_INFINITY;
  for (const group of byWave) {
    if (late.length >= RECENT && group.wave < lastWave) break;
    lastWave = group.wave;
    for (const seq of seqsOf(group.seqs)) late.push({ wave: group.wave, seq });
  }
  const recent = late.sort((x, y) => y.wave - x.wave || y.seq - x.seq).slice(0, RECENT).map((r) => r.seq);
  return [
    ...(stale ? [] : ids(`SELECT id FROM attempts WHERE run_id = ? AND status = 'running'`)),
    ...ids(`SELECT id FROM attempts WHERE run_id = ? AND status = 'scored' AND score IS NOT NULL ORDER BY score ${direction === 'maximize' ? 'DESC' : 'ASC'}, seq LIMIT ?`, BEST),
    ...[...baselines, ...recent].map((seq) => `a${seq}`),
  ];
};

/**
 * Of the scored `rows` that may be crowned (`crownable`), those that raised the best score when they finished: no scored attempt
 * finished before (by finish time, then wave, then id, as `newBestIds` orders them) with a score
 * as good. One indexed look-up per shown row instead of sorting the run.
 */
const newBest = (store: DbOwner, runId: string, direction: Direction, rows: readonly AttemptRow[]): string[] => {
  const earlier = store.db.prepare(
    `SELECT 1 FROM attempts WHERE run_id = @run AND status = 'scored' AND score IS NOT NULL AND ${crownableSql()} AND score ${direction === 'maximize' ? '>=' : '<='} @score
        AND (COALESCE(finished_at, ${Number.MAX_SAFE_INTEGER}) < @finished
             OR (COALESCE(finished_at, ${Number.MAX_SAFE_INTEGER}) = @finished AND (wave < @wave OR (wave = @wave AND seq < @seq))))
      LIMIT 1`,
  );
  return rows
    .filter((row) => row.status === 'scored' && row.score !== null && row.role !== 'baseline' && crownable(row.flags))
    .filter((row) => earlier.get({ run: runId, score: row.score, finished: row.finishedAt ?? Number.MAX_SAFE_INTEGER, wave: row.wave, seq: seqOfId(row.id) }) === undefined)
    .map((row) => row.id);
};

/** An attempt's seq from its id (`a<seq>`, as the store names attempts). */
const seqOfId = (id: string): number => Number(id.slice(1));

/** The report rows of `ids` (looked up by id: `+run_id` keeps SQLite off the run's index scan), oldest first, with their parents in merge order (informed_by excluded). */
const rowsOf = (store: DbOwner, runId: string, ids: readonly string[]): AttemptRow[] => {
  const list = JSON.stringify(ids);
  const parents = new Map<string, string[]>();
  for (const raw of store.db.prepare(`SELECT from_id, to_id, kind, position FROM edges WHERE to_id IN (SELECT value FROM json_each(?)) AND +run_id = ? AND kind != 'informed_by'`).raw(true).iterate(list, runId)) {
    const [from, to, , position] = edgeTuple.parse(raw);
    const sources = parents.get(to) ?? [];
    sources[position] = from;
    parents.set(to, sources);
  }
  return store.db.prepare(`SELECT ${REPORT_COLUMNS} FROM attempts WHERE id IN (SELECT value FROM json_each(?)) AND +run_id = ? ORDER BY seq`)
    .raw(true).all(list, runId).map((raw) => toReportRow(raw, runId, parents));
};

const scoreTuple = z.tuple([c.id, c.score]);

/** The scores of `ids` (nominated, held-out) by id. */
const scoresOf = (store: DbOwner, runId: string, ids: readonly string[]): Map<string, number | null> => {
  const scores = new Map<string, number | null>();
  for (const raw of store.db.prepare('SELECT id, score FROM attempts WHERE id IN (SELECT value FROM json_each(?)) AND +run_id = ?').raw(true).iterate(JSON.stringify(ids), runId)) {
    const [id, score] = scoreTuple.parse(raw);
    scores.set(id, score);
  }
  return scores;
};

const countOf = z.number().int().nonnegative();

/**
 * The run's evaluator runs as `EvaluationCounts` counts them (every evaluation of its attempts,
 * less the official rows copied to a `reused:`/`near-duplicate:` attempt), from the seqs the
 * tallies already read: both counts walk a covering index of evaluations, not their rows.
 */
const evaluationsOf = (store: DbOwner, tallied: Tallied): number => {
  const ids = (lists: readonly string[]): string => JSON.stringify(lists.flatMap((list) => seqsOf(list).map((seq) => `a${seq}`)));
  const all = countOf.parse(store.db.prepare('SELECT COUNT(*) FROM evaluations WHERE attempt_id IN (SELECT value FROM json_each(?))').pluck().get(ids(tallied.seqs)));
  if (tallied.copied.length === 0) return all;
  return all - countOf.parse(store.db.prepare(`SELECT COUNT(*) FROM evaluations WHERE kind = 'official' AND attempt_id IN (SELECT value FROM json_each(?))`).pluck().get(ids(tallied.copied)));
};

/**
 * What plain `swarm status` prints of a long run, read without a row object per attempt: the
 * tallies, the rows the digest shows (`shown` added: the Pareto front) and which of them set a new best.
 */
export const statusDigest = (store: DbOwner, runId: string, options: { direction: Direction; stale: boolean; shown: readonly string[]; scored: readonly string[] }): StatusDigestReads => {
  const tallied = tallies(store, runId);
  const rows = rowsOf(store, runId, [...new Set([...digestIds(store, runId, options.direction, options.stale, tallied), ...options.shown])]);
  return { tallies: tallied.tallies, evaluations: evaluationsOf(store, tallied), rows, newBest: newBest(store, runId, options.direction, rows), scores: scoresOf(store, runId, options.scored) };
};
