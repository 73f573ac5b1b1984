import { rewriteAttempt, rewriteChildren, rewriteWave } from './status-report-migration.js';

/**
 * The 14th migration: the report texts of finished attempts and waves kept joined in blocks, so
 * `swarm status --json` of a long run copies a few hundred blobs instead of joining 10,000 rows
 * (store/status-json-blocks.ts; the join of the attempts' texts, its copies and the CAST were a
 * third of the command's time).
 *
 * A block is the texts of one run's rows (`attempt_report_json` by seq, `wave_report_json` by
 * number) whose key falls in [block * 64, block * 64 + 64), in key order, joined by ',', as BLOB
 * (read as bytes, no CAST). It exists only while it equals what joining those rows gives: the
 * triggers that rewrite a kept text drop its block in the same transaction, then build it again
 * if it is complete: nothing of it running (a stale run's running rows are rewritten at read time)
 * and its last key taken (seqs and a run's wave numbers only grow, so no more rows join it). A block
 * not built (something running, a row of another run took its last seq) is read row by row, so
 * what a reader prints never depends on which blocks exist. A finished row written again (a later
 * flag, its metrics, an attempt of its wave) rebuilds its block: 64 texts.
 *
 * The triggers of the 12th and 13th migrations are replaced by the same ones that also keep the
 * blocks (not triggers on the kept texts: a table with row triggers makes each INSERT … SELECT
 * into it copy its rows into a temporary table first, ~10 µs a write). The blocks are rowid
 * tables: a key compared in a WITHOUT ROWID table's pages is read whole, overflow pages included.
 * Like every migration, what this builds never changes.
 */

/** The keys of a block: `block << REPORT_BLOCK_SHIFT` up to the next block's first. */
export const REPORT_BLOCK_SHIFT = 6;

/** A table of kept texts (`running`: how many of the row's attempts run) and the table of its blocks. */
export interface KeptTexts {
  rows: string;
  blocks: string;
  key: string;
}

export const ATTEMPT_TEXTS: KeptTexts = { rows: 'attempt_report_json', blocks: 'attempt_report_blocks', key: 'seq' };
export const WAVE_TEXTS: KeptTexts = { rows: 'wave_report_json', blocks: 'wave_report_blocks', key: 'number' };

const first = (block: string): string => `((${block}) << ${REPORT_BLOCK_SHIFT})`;
const end = (block: string): string => `(((${block}) + 1) << ${REPORT_BLOCK_SHIFT})`;

/** Where a kept row is: its run and key, as expressions; `from`: the one row they are read from, if any ("t WHERE …"). */
interface RowAt {
  run: string;
  at: string;
  from?: string;
}

/**
 * Drops, then builds if complete, the block of the row `row`: only when `changed` (an expression
 * over OLD and NEW, tested first: most writes are of running attempts, whose blocks are never
 * built), and builds only when `finished` too. Complete: the block's last key `taken`, rows in it,
 * none of them running.
 */
const keepBlock = ({ rows, blocks, key }: KeptTexts, row: RowAt, taken: (block: string) => string, changed: string, finished: string): string => {
  const block = `(${row.at}) >> ${REPORT_BLOCK_SHIFT}`;
  const inBlock = `r.run_id = ${row.run} AND r.${key} >= ${first(block)} AND r.${key} < ${end(block)}`;
  const drop = row.from === undefined
    ? `run_id = ${row.run} AND block = ${block}`
    : `(run_id, block) IN (SELECT ${row.run}, ${block} FROM ${row.from})`;
  return `
    DELETE FROM ${blocks} WHERE ${changed} AND ${drop};
    INSERT INTO ${blocks} (run_id, block, json)
      SELECT ${row.run}, ${block}, (SELECT CAST(group_concat(json, ',') AS BLOB) FROM (SELECT r.json FROM ${rows} r WHERE ${inBlock} ORDER BY r.${key}))
      ${row.from === undefined ? 'WHERE' : `FROM ${row.from} AND`} ${changed} AND ${finished} AND ${taken(block)}
        AND EXISTS (SELECT 1 FROM ${rows} r WHERE ${inBlock})
        AND NOT EXISTS (SELECT 1 FROM ${rows} r WHERE ${inBlock} AND r.running);`;
};

/** Whether the last seq of block `block` is taken (by any run: seqs are the store's). */
const attemptTaken = (block: string): string => `EXISTS (SELECT 1 FROM attempts t WHERE t.seq >= ${end(block)} - 1)`;
/** Whether run `run` has a wave numbered last in block `block`, or later. */
const waveTaken = (run: string) => (block: string): string => `EXISTS (SELECT 1 FROM wave_report_json t WHERE t.run_id = ${run} AND t.number >= ${end(block)} - 1)`;

/** An update that leaves an attempt running where it was: its block and its wave's hold a running row before and after. */
const stillRunning = 'OLD.status = \'running\' AND NEW.status = \'running\' AND OLD.run_id IS NEW.run_id AND OLD.seq IS NEW.seq AND OLD.wave IS NEW.wave';

/** Rewrites the kept text of attempt `id` and keeps its block (`row`: where it is; `changed`, `finished`: keepBlock's). */
const keepAttempt = (id: string, row: RowAt, changed: string, finished: string): string =>
  `${rewriteAttempt(id)}${keepBlock(ATTEMPT_TEXTS, row, attemptTaken, changed, finished)}`;

/** An attempt row `row` (NEW or OLD): where it is, and whether it is finished. */
const attemptAt = (row: 'NEW' | 'OLD'): RowAt => ({ run: `${row}.run_id`, at: `${row}.seq` });

/** Attempt `id` looked up (the edge triggers): where it is; it is finished. */
const attemptOf = (id: string): RowAt => ({ run: 'k.run_id', at: 'k.seq', from: `attempts k WHERE k.id = ${id} AND k.status != 'running'` });

/** Rewrites the kept text of wave `number` of run `run` and keeps its block. */
const keepWave = (run: string, number: string, changed: string): string =>
  `${rewriteWave(run, number)}${keepBlock(WAVE_TEXTS, { run, at: number }, waveTaken(run), changed, '1')}`;

const dropBlock = ({ blocks }: KeptTexts, run: string, key: string, when: string): string => `
    DELETE FROM ${blocks} WHERE ${when} AND run_id = ${run} AND block = (${key}) >> ${REPORT_BLOCK_SHIFT};`;

const blocksTable = ({ rows, blocks, key }: KeptTexts, taken: (block: string) => string): string => `
  CREATE TABLE ${blocks} (
    run_id TEXT NOT NULL,
    block INTEGER NOT NULL,
    json BLOB NOT NULL,
    UNIQUE (run_id, block)
  );
  INSERT INTO ${blocks} (run_id, block, json)
    SELECT b.run_id, b.block, (SELECT CAST(group_concat(json, ',') AS BLOB) FROM (
      SELECT r.json FROM ${rows} r WHERE r.run_id = b.run_id AND r.${key} >= ${first('b.block')} AND r.${key} < ${end('b.block')} ORDER BY r.${key}))
    FROM (SELECT run_id, ${key} >> ${REPORT_BLOCK_SHIFT} AS block, max(running) AS running FROM ${rows} GROUP BY run_id, ${key} >> ${REPORT_BLOCK_SHIFT}) b
    WHERE NOT b.running AND ${taken('b.block')};`;

/** The columns whose update rewrites an attempt's kept text, as the 12th migration names them. */
const TEXT_COLUMNS = `id, run_id, seq, wave, role, operator, backend, status, phase, score, valid,
    reason, error, hypothesis, summary, cost_usd, flags_json, started_at, finished_at`;

export const STATUS_BLOCKS_MIGRATION = `${blocksTable(ATTEMPT_TEXTS, attemptTaken)}${blocksTable(WAVE_TEXTS, waveTaken('b.run_id'))}
  DROP TRIGGER attempt_report_insert;
  DROP TRIGGER attempt_report_update;
  DROP TRIGGER attempt_report_delete;
  DROP TRIGGER attempt_report_edge_insert;
  DROP TRIGGER attempt_report_edge_delete;
  DROP TRIGGER attempt_report_edge_update;
  DROP TRIGGER attempt_report_metrics_update;
  DROP TRIGGER wave_report_insert;
  DROP TRIGGER wave_report_update;
  DROP TRIGGER wave_report_delete;
  CREATE TRIGGER attempt_report_insert AFTER INSERT ON attempts BEGIN${keepAttempt('NEW.id', attemptAt('NEW'), '1', "NEW.status != 'running'")}${keepWave('NEW.run_id', 'NEW.wave', '1')}
  END;
  CREATE TRIGGER attempt_report_update AFTER UPDATE OF ${TEXT_COLUMNS} ON attempts BEGIN
    DELETE FROM attempt_report_json WHERE run_id = OLD.run_id AND seq = OLD.seq AND (OLD.run_id IS NOT NEW.run_id OR OLD.seq IS NOT NEW.seq);
    DELETE FROM attempt_facts WHERE run_id = OLD.run_id AND seq = OLD.seq AND (OLD.run_id IS NOT NEW.run_id OR OLD.seq IS NOT NEW.seq);${dropBlock(ATTEMPT_TEXTS, 'OLD.run_id', 'OLD.seq', '(OLD.run_id IS NOT NEW.run_id OR OLD.seq IS NOT NEW.seq)')}${keepAttempt('NEW.id', attemptAt('NEW'), `NOT (${stillRunning})`, "NEW.status != 'running'")}${keepWave('OLD.run_id', 'OLD.wave', '(OLD.run_id IS NOT NEW.run_id OR OLD.wave IS NOT NEW.wave)')}${keepWave('NEW.run_id', 'NEW.wave', `NOT (${stillRunning})`)}
  END;
  CREATE TRIGGER attempt_report_delete AFTER DELETE ON attempts BEGIN
    DELETE FROM attempt_report_json WHERE run_id = OLD.run_id AND seq = OLD.seq;
    DELETE FROM attempt_facts WHERE run_id = OLD.run_id AND seq = OLD.seq;${dropBlock(ATTEMPT_TEXTS, 'OLD.run_id', 'OLD.seq', '1')}${rewriteChildren('OLD.id')}${keepWave('OLD.run_id', 'OLD.wave', '1')}
  END;
  CREATE TRIGGER attempt_report_edge_insert AFTER INSERT ON edges BEGIN${keepAttempt('NEW.to_id', attemptOf('NEW.to_id'), '1', '1')}
  END;
  CREATE TRIGGER attempt_report_edge_delete AFTER DELETE ON edges BEGIN${keepAttempt('OLD.to_id', attemptOf('OLD.to_id'), '1', '1')}
  END;
  CREATE TRIGGER attempt_report_edge_update AFTER UPDATE ON edges BEGIN${keepAttempt('OLD.to_id', attemptOf('OLD.to_id'), '1', '1')}${keepAttempt('NEW.to_id', attemptOf('NEW.to_id'), '1', '1')}
  END;
  CREATE TRIGGER attempt_report_metrics_update AFTER UPDATE OF metrics_json ON attempts BEGIN${keepAttempt('NEW.id', attemptAt('NEW'), `NOT (${stillRunning})`, "NEW.status != 'running'")}
  END;
  CREATE TRIGGER wave_report_insert AFTER INSERT ON waves BEGIN${keepWave('NEW.run_id', 'NEW.number', '1')}
  END;
  CREATE TRIGGER wave_report_update AFTER UPDATE ON waves BEGIN${keepWave('OLD.run_id', 'OLD.number', '(OLD.run_id IS NOT NEW.run_id OR OLD.number IS NOT NEW.number)')}${keepWave('NEW.run_id', 'NEW.number', '1')}
  END;
  CREATE TRIGGER wave_report_delete AFTER DELETE ON waves BEGIN
    DELETE FROM wave_report_json WHERE run_id = OLD.run_id AND number = OLD.number;${dropBlock(WAVE_TEXTS, 'OLD.run_id', 'OLD.number', '1')}
  END;
  `;
