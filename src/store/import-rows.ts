import { z } from 'zod';
import type { Db } from './open-database.js';
import { prepared } from './prepared.js';
import type { ImportReads, ImportRecord } from '../core/ports/run-store.js';


const importRow = z
  .object({ attempt_id: z.string(), from_run: z.string(), from_attempt: z.string(), from_score: z.number().nullable() })
  .transform((row): ImportRecord => ({ attemptId: row.attempt_id, fromRun: row.from_run, fromAttempt: row.from_attempt, fromScore: row.from_score }));

/** The imports of each run (table imports): the edges across runs that say where a population came from. */
export class ImportQueries implements ImportReads {
  constructor(private readonly db: Db) {}

  add(runId: string, record: ImportRecord): void {
    prepared(this.db, 'INSERT INTO imports (run_id, attempt_id, from_run, from_attempt, from_score) VALUES (?, ?, ?, ?, ?)')
      .run(runId, record.attemptId, record.fromRun, record.fromAttempt, record.fromScore);
  }

  /** The run's imported attempts, in attempt order. */
  list(runId: string): ImportRecord[] {
    return prepared(this.db, 'SELECT i.attempt_id, i.from_run, i.from_attempt, i.from_score FROM imports i JOIN attempts a ON a.id = i.attempt_id WHERE i.run_id = ? ORDER BY a.seq')
      .all(runId)
      .map((row) => importRow.parse(row));
  }
}
