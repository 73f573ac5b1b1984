/**
 * The 14th migration: the report texts of finished attempts and waves kept joined in blocks, so
 * `swarm status --json` of a long run copies a few hundred blobs instead of joining 10,000 rows
 * (store/status-json-blocks.ts; the join of the attempts' texts, its copies and the CAST were a
 * third of the command's time).
 *
 * A block is the texts of one run's rows (`attempt_report_json` by seq, `wave_report_json` by
 * number) whose key falls in [block * 64, block * 64 + 64), in key order, joined by ',', as BLOB
 * (read as bytes, no CAST). It exists only while it equals what joining those rows gives: any
 * insert, update or delete of such a row drops it, in the writer's transaction. A block is
 * (re)built when a row of it is written and the block is complete: nothing of it running (a stale
 * run's running rows are rewritten at read time) and a row of the same run after it exists (seqs
 * and wave numbers only grow, so no more rows join it); a run's first row of a block completes
 * the block before it. A block not built (something still running, a row changed since) is read
 * row by row, so what a reader prints never depends on which blocks exist. A finished row written
 * again (a later flag, metrics, an attempt of its wave) rebuilds its block: 64 texts.
 *
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

/** Builds block `block` of run `run` (expressions) when it is absent and complete; `when` is tested first. Cheap tests before the join. */
const buildBlock = ({ rows, blocks, key }: KeptTexts, run: string, block: string, when = '1'): string => {
  const inBlock = `run_id = ${run} AND ${key} >= ${first(block)} AND ${key} < ${end(block)}`;
  return `
    INSERT INTO ${blocks} (run_id, block, json)
      SELECT ${run}, ${block}, (SELECT CAST(group_concat(json, ',') AS BLOB) FROM (SELECT json FROM ${rows} WHERE ${inBlock} ORDER BY ${key}))
      WHERE ${when}
        AND NOT EXISTS (SELECT 1 FROM ${blocks} WHERE run_id = ${run} AND block = ${block})
        AND EXISTS (SELECT 1 FROM ${rows} WHERE run_id = ${run} AND ${key} >= ${end(block)})
        AND EXISTS (SELECT 1 FROM ${rows} WHERE ${inBlock})
        AND NOT EXISTS (SELECT 1 FROM ${rows} WHERE ${inBlock} AND running);`;
};

const dropBlock = ({ blocks, key }: KeptTexts, row: 'NEW' | 'OLD'): string => `
    DELETE FROM ${blocks} WHERE run_id = ${row}.run_id AND block = ${row}.${key} >> ${REPORT_BLOCK_SHIFT};`;

const keptInBlocks = (texts: KeptTexts): string => {
  const { rows, blocks, key } = texts;
  const own = `NEW.${key} >> ${REPORT_BLOCK_SHIFT}`;
  return `
  CREATE TABLE ${blocks} (
    run_id TEXT NOT NULL,
    block INTEGER NOT NULL,
    json BLOB NOT NULL,
    PRIMARY KEY (run_id, block)
  ) WITHOUT ROWID;
  CREATE TRIGGER ${blocks}_insert AFTER INSERT ON ${rows} BEGIN${dropBlock(texts, 'NEW')}${buildBlock(texts, 'NEW.run_id', own, 'NOT NEW.running')}${buildBlock(texts, 'NEW.run_id', `(${own}) - 1`)}
  END;
  CREATE TRIGGER ${blocks}_update AFTER UPDATE ON ${rows} BEGIN${dropBlock(texts, 'OLD')}${dropBlock(texts, 'NEW')}${buildBlock(texts, 'NEW.run_id', own, 'NOT NEW.running')}
  END;
  CREATE TRIGGER ${blocks}_delete AFTER DELETE ON ${rows} BEGIN${dropBlock(texts, 'OLD')}
  END;
  INSERT INTO ${blocks} (run_id, block, json)
    SELECT b.run_id, b.block, (SELECT CAST(group_concat(json, ',') AS BLOB) FROM (
      SELECT r.json FROM ${rows} r WHERE r.run_id = b.run_id AND r.${key} >= ${first('b.block')} AND r.${key} < ${end('b.block')} ORDER BY r.${key}))
    FROM (SELECT run_id, ${key} >> ${REPORT_BLOCK_SHIFT} AS block, max(running) AS running FROM ${rows} GROUP BY run_id, ${key} >> ${REPORT_BLOCK_SHIFT}) b
    WHERE NOT b.running AND EXISTS (SELECT 1 FROM ${rows} r WHERE r.run_id = b.run_id AND r.${key} >= ${end('b.block')});`;
};

export const STATUS_BLOCKS_MIGRATION = `${keptInBlocks(ATTEMPT_TEXTS)}${keptInBlocks(WAVE_TEXTS)}
  `;
