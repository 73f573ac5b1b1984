import { prepared } from './prepared.js';
import { z } from 'zod';
import { attemptColumns, diffOf, sharedAttemptFields } from './attempt-rows.js';
import { jsonColumn, metricsSchema } from './column-schemas.js';
import { edgeRecord, type EdgeRecord } from './records.js';
import type { Db } from './open-database.js';
import type { PopulationReads } from '../core/ports/run-store.js';
import type { PopulationRow } from '../core/ports/records.js';
import { signatureKey } from '../core/code/code-signature.js';

/** The columns the Shepherd's policies read: no prompt, context, commits or paths. */
const POPULATION_COLUMNS = `a.seq, a.id, a.run_id, a.wave, a.role, a.operator, a.backend, a.status, a.score, a.hypothesis, a.summary,
  a.created_at, a.finished_at, a.cost_usd, a.input_tokens, a.output_tokens, a.metrics_json, a.flags_json, a.code_signature_json, a.diff_files, a.diff_insertions, a.diff_deletions`;

/** Per-instance scores of the deciding (last official or baseline) evaluation of a scored attempt. */
const DECIDING_INSTANCES = `CASE WHEN a.status = 'scored' THEN (SELECT e.instances_json FROM evaluations e
  WHERE e.attempt_id = a.id AND e.kind IN ('official', 'baseline') ORDER BY e.id DESC LIMIT 1) END AS instances_json`;

export const populationRowRecord = z
  .object(attemptColumns)
  .pick({
    seq: true, id: true, run_id: true, wave: true, role: true, operator: true, backend: true, status: true, score: true, hypothesis: true, summary: true,
    created_at: true, finished_at: true, cost_usd: true, input_tokens: true, output_tokens: true, metrics_json: true, flags_json: true, code_signature_json: true, diff_files: true, diff_insertions: true, diff_deletions: true,
  })
  .extend({ instances_json: jsonColumn(metricsSchema) })
  .transform((row): PopulationRow => {
    const diff = diffOf(row);
    return {
      ...sharedAttemptFields(row),
      seq: row.seq,
      hypothesis: row.hypothesis ?? row.summary,
      createdAt: row.created_at,
      costUsd: row.cost_usd,
      tokens: row.input_tokens + row.output_tokens,
      metrics: row.metrics_json ?? {},
      codeSignature: row.code_signature_json === null ? null : signatureKey(row.code_signature_json),
      diffSize: diff === null ? null : diff.insertions + diff.deletions,
      instances: row.instances_json,
    };
  });
export type { PopulationRow };

/** The population view's reads on SQLite (SwarmStore.population). */
export class PopulationQueries implements PopulationReads {
  constructor(private readonly db: Db) {}

  rowsSince(runId: string, afterSeq: number, ids: readonly string[]): PopulationRow[] {
    // Two index searches (new rows by seq, the running ones by id): `seq > ? OR id IN (...)` made SQLite scan the run.
    return prepared(
      this.db,
      `SELECT ${POPULATION_COLUMNS}, ${DECIDING_INSTANCES} FROM attempts a WHERE a.run_id = ? AND a.seq > ?
       UNION ALL
       SELECT ${POPULATION_COLUMNS}, ${DECIDING_INSTANCES} FROM json_each(?) j CROSS JOIN attempts a ON a.id = j.value WHERE a.run_id = ? AND a.seq <= ?
       ORDER BY seq`,
    ).all(runId, afterSeq, JSON.stringify(ids), runId, afterSeq)
      .map((row) => populationRowRecord.parse(row));
  }

  edgesInto(runId: string, ids: readonly string[]): EdgeRecord[] {
    if (ids.length === 0) return [];
    // By the target's index (`+run_id`: not the run's, which made SQLite read every edge of the run).
    return prepared(
      this.db,
      `SELECT e.from_id, e.to_id, e.kind, e.position FROM json_each(?) j CROSS JOIN edges e ON e.to_id = j.value
       WHERE +e.run_id = ? ORDER BY e.to_id, e.kind, e.position`,
    ).all(JSON.stringify(ids), runId)
      .map((row) => edgeRecord.parse(row));
  }

  wavesToClose(runId: string, before: number): number[] {
    return prepared(
      this.db,
      `SELECT number FROM waves w WHERE w.run_id = ? AND w.finished_at IS NULL AND w.number < ?
         AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.run_id = w.run_id AND a.wave = w.number AND a.status = 'running')
       ORDER BY number`,
      { pluck: true },
    ).all(runId, before)
      .filter((wave): wave is number => typeof wave === 'number');
  }
}
