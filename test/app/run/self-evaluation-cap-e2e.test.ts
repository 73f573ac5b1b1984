import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runSearch } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('budget.selfEvaluations', () => {
  it('caps the `swarm eval` runs of each attempt and tells the agent so; the official evaluation still runs', async () => {
    // greedy keeps an optimizer on the incumbent: the local optimizer runs `swarm eval` at each of its 4 steps.
    const repo = createToyRepo({ budget: { attempts: 6, selfEvaluations: 2 }, shepherd: { policy: 'greedy' } });
    repos.push(repo);
    const run = await runSearch({ cwd: repo.dir });
    expect(run.status).toBe('finished');
    const db = new Database(`${repo.dir}/.swarm/swarm.db`, { readonly: true, fileMustExist: true });
    const perAttempt = db.prepare("SELECT attempt_id AS id, COUNT(*) AS n FROM evaluations WHERE kind = 'intermediate' GROUP BY attempt_id").all() as Array<{ id: string; n: number }>;
    const officials = db.prepare("SELECT COUNT(*) AS n FROM evaluations e JOIN attempts a ON a.id = e.attempt_id WHERE e.kind = 'official' AND a.role = 'optimizer'").get() as { n: number };
    const transcripts = (db.prepare("SELECT transcript_path AS path FROM attempts WHERE role = 'optimizer'").all() as Array<{ path: string }>).map((r) => readFileSync(r.path, 'utf8'));
    db.close();
    expect(perAttempt.length).toBeGreaterThan(0);
    expect(Math.max(...perAttempt.map((r) => r.n))).toBe(2);
    expect(officials.n).toBeGreaterThan(0);
    expect(transcripts.join('\n')).toMatch(/this attempt has used its 2 `swarm eval` runs \(budget\.selfEvaluations\)/);
  }, 180_000);
});
