import { z } from 'zod';
import type { Db } from './open-database.js';
import { prepared } from './prepared.js';
import type { FrontReads } from '../core/ports/run-store.js';

const ids = z.array(z.string());

/** The stored Pareto front of each run (table pareto_front): a handful of rows per run. */
export class FrontQueries implements FrontReads {
  constructor(private readonly db: Db) {}

  /** Ids of the run's front members, in attempt order. */
  members(runId: string): string[] {
    return ids.parse(prepared(this.db, 'SELECT f.attempt_id FROM pareto_front f JOIN attempts a ON a.id = f.attempt_id WHERE f.run_id = ? ORDER BY a.seq', { pluck: true }).all(runId));
  }

  /** Puts `added` on the run's front and takes `removed` off it, in one transaction. */
  update(runId: string, added: readonly string[], removed: readonly string[]): void {
    this.db.transaction(() => {
      for (const id of removed) prepared(this.db, 'DELETE FROM pareto_front WHERE run_id = ? AND attempt_id = ?').run(runId, id);
      for (const id of added) prepared(this.db, 'INSERT OR IGNORE INTO pareto_front (run_id, attempt_id) VALUES (?, ?)').run(runId, id);
    })();
  }
}
