import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { formatScore } from '../../../src/core/domain/score.js';
import { runSearch } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

interface OptimizerRow {
  id: string;
  transcript: string;
  parent: string;
  parentStatus: string;
  parentScore: number | null;
  selfEvaluations: number;
}

describe('the local optimizer in a swarm run', () => {
  it("spends exactly its steps on self-evaluations, starting from the parent's recorded score", async () => {
    // greedy puts optimizers on the incumbent; the default local agent takes 4 steps, each scored by `swarm eval`.
    const repo = createToyRepo({ budget: { attempts: 7 }, shepherd: { policy: 'greedy' } });
    repos.push(repo);
    const run = await runSearch({ cwd: repo.dir });
    expect(run).toMatchObject({ status: 'finished', problem: null });
    const db = new Database(`${repo.dir}/.swarm/swarm.db`, { readonly: true, fileMustExist: true });
    const rows = db
      .prepare(
        `SELECT a.id, a.transcript_path AS transcript, e.from_id AS parent, p.status AS parentStatus, p.score AS parentScore,
           (SELECT COUNT(*) FROM evaluations v WHERE v.attempt_id = a.id AND v.kind = 'intermediate') AS selfEvaluations
         FROM attempts a JOIN edges e ON e.to_id = a.id AND e.kind = 'parent' JOIN attempts p ON p.id = e.from_id
         WHERE a.role = 'optimizer' AND (SELECT COUNT(*) FROM edges m WHERE m.to_id = a.id AND m.kind IN ('parent', 'merge')) = 1`,
      )
      .all() as OptimizerRow[];
    db.close();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.selfEvaluations).toBe(4);
      const log = readFileSync(row.transcript, 'utf8');
      const recorded = row.parentStatus === 'scored' ? formatScore(row.parentScore) : 'invalid';
      expect(log).toContain(`parent's recorded score: ${recorded} (not re-evaluated)`);
      expect(log).not.toContain("evaluated the parent's program");
    }
  }, 120_000);
});
