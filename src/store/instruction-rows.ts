import { z } from 'zod';
import type { Db } from './open-database.js';
import { prepared } from './prepared.js';
import { int, jsonColumn } from './column-schemas.js';
import type { InstructionReads, InstructionTrialRow, InstructionVariantRecord } from '../core/ports/run-store.js';

const attemptStatusSchema = z.enum(['running', 'scored', 'invalid', 'failed', 'interrupted']);

const variantRow = z
  .object({ id: z.string(), parent: z.string().nullable(), text: z.string(), origin: z.enum(['built-in', 'recombined', 'model']), retired_at: int.nullable() })
  .transform((row): InstructionVariantRecord => ({ id: row.id, parent: row.parent, text: row.text, origin: row.origin, retired: row.retired_at !== null }));

const trialRow = z
  .object({
    attempt_id: z.string(), variant_id: z.string(), backend: z.string(), seq: int, status: attemptStatusSchema,
    score: z.number().nullable(), flags_json: jsonColumn(z.array(z.string())), parent_score: z.number().nullable(),
  })
  .transform((row): InstructionTrialRow => ({
    attemptId: row.attempt_id, variantId: row.variant_id, backend: row.backend, seq: row.seq, status: row.status,
    score: row.score, flags: row.flags_json ?? [], parentScore: row.parent_score,
  }));

/** The explorer instruction variants of each run and the variant of each explorer (tables instruction_variants, attempt_instructions). */
export class InstructionQueries implements InstructionReads {
  constructor(private readonly db: Db) {}

  add(runId: string, variant: Omit<InstructionVariantRecord, 'retired'>): void {
    prepared(this.db, 'INSERT INTO instruction_variants (run_id, id, parent, text, origin, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(runId, variant.id, variant.parent, variant.text, variant.origin, Date.now());
  }

  retire(runId: string, id: string): void {
    prepared(this.db, 'UPDATE instruction_variants SET retired_at = ? WHERE run_id = ? AND id = ? AND retired_at IS NULL').run(Date.now(), runId, id);
  }

  list(runId: string): InstructionVariantRecord[] {
    return prepared(this.db, 'SELECT id, parent, text, origin, retired_at FROM instruction_variants WHERE run_id = ? ORDER BY CAST(substr(id, 2) AS INTEGER)')
      .all(runId)
      .map((row) => variantRow.parse(row));
  }

  assign(runId: string, attemptId: string, variantId: string): void {
    prepared(this.db, 'INSERT OR REPLACE INTO attempt_instructions (attempt_id, run_id, variant_id) VALUES (?, ?, ?)').run(attemptId, runId, variantId);
  }

  variantOf(attemptId: string): string | null {
    return z.string().nullable().parse(prepared(this.db, 'SELECT variant_id FROM attempt_instructions WHERE attempt_id = ?', { pluck: true }).get(attemptId) ?? null);
  }

  trials(runId: string): InstructionTrialRow[] {
    return prepared(
      this.db,
      `SELECT i.attempt_id, i.variant_id, a.backend, a.seq, a.status, a.score, a.flags_json,
              (SELECT p.score FROM edges e JOIN attempts p ON p.id = e.from_id WHERE e.to_id = a.id AND e.kind = 'parent' ORDER BY e.position LIMIT 1) AS parent_score
       FROM attempt_instructions i JOIN attempts a ON a.id = i.attempt_id WHERE i.run_id = ? ORDER BY a.seq`,
    )
      .all(runId)
      .map((row) => trialRow.parse(row));
  }
}
