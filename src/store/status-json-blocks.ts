import type Database from 'better-sqlite3';
import { REPORT_BLOCK_SHIFT, type KeptTexts } from './status-blocks-migration.js';
import { bytes, int, rowsOf } from './status-json-values.js';

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const COMMA = Buffer.from(',');
const SIZE = 2 ** REPORT_BLOCK_SHIFT;

/**
 * A run's kept texts (`texts`) as a JSON array in key order, as UTF-8 parts to write one after the
 * other (what is printed needs no string, nor a copy): its blocks as kept
 * (status-blocks-migration.ts), the rows before, between and after them joined here. `json`: the
 * SQL of a row's text as printed (of a stale run, running rows are rewritten: no block holds one),
 * with its named `params`.
 */
export const keptJsonArray = (db: Database.Database, texts: KeptTexts, runId: string, json = 'json', params: Record<string, unknown> = {}): Buffer[] => {
  const { rows, blocks, key } = texts;
  // The texts are read in key order by a subquery: an ORDER BY inside group_concat sorts copies (4x the time).
  const between = db.prepare(`SELECT CAST(group_concat(json, ',') AS BLOB) FROM (
      SELECT ${json} AS json FROM ${rows} WHERE run_id = @run AND ${key} >= @from AND ${key} < @to ORDER BY ${key})`).pluck(true);
  const parts: Buffer[] = [];
  const add = (part: unknown, what: string): void => {
    if (part !== null && part !== undefined) parts.push(parts.length === 0 ? OPEN : COMMA, bytes(part, what));
  };
  let from = Number.MIN_SAFE_INTEGER;
  for (const [block, joined] of rowsOf(db.prepare(`SELECT block, json FROM ${blocks} WHERE run_id = ? ORDER BY block`).raw(true).all(runId))) {
    const start = int(block, 'block') * SIZE;
    if (start > from) add(between.get({ ...params, run: runId, from, to: start }), 'report text');
    add(joined, 'report block');
    from = start + SIZE;
  }
  add(between.get({ ...params, run: runId, from, to: Number.MAX_SAFE_INTEGER }), 'report text');
  if (parts.length === 0) parts.push(OPEN);
  parts.push(CLOSE);
  return parts;
};
