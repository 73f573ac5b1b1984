import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runSearch, status } from '../../../src/index.js';
import { renderStatus } from '../../../src/cli/render/status-table.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

describe('budget.evaluations', () => {
  it('stops the run once the evaluator ran that often, refuses later self-evaluations, and shows the count', async () => {
    // greedy keeps an optimizer on the incumbent: the local optimizer evaluates every step with `swarm eval`.
    // 7 = the baseline's 2 runs, 2 explorers' and 3 of the optimizer's 4 steps: its last is refused.
    const repo = createToyRepo({ budget: { attempts: 40, evaluations: 7 }, shepherd: { policy: 'greedy' } });
    repos.push(repo);
    const run = await runSearch({ cwd: repo.dir });
    expect(run).toMatchObject({ status: 'finished', problem: null });
    const report = await status({ cwd: repo.dir });
    expect(report.run.stopReason).toMatch(/^evaluation budget of 7 reached \(\d+ evaluator runs\)$/);
    expect(report.run.evaluationBudget).toBe(7);
    const db = new Database(`${repo.dir}/.swarm/swarm.db`, { readonly: true, fileMustExist: true });
    const kinds = db.prepare('SELECT kind, COUNT(*) AS n FROM evaluations GROUP BY kind').all() as Array<{ kind: string; n: number }>;
    const transcripts = (db.prepare("SELECT transcript_path AS path FROM attempts WHERE role = 'optimizer'").all() as Array<{ path: string }>).map((r) => readFileSync(r.path, 'utf8'));
    db.close();
    const total = kinds.reduce((sum, k) => sum + k.n, 0);
    expect(report.run.evaluationsUsed).toBe(total);
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['baseline', 'official', 'intermediate']));
    // Past the budget only the official evaluations of attempts already running are added (2 agents).
    expect(total).toBeGreaterThanOrEqual(7);
    expect(total).toBeLessThanOrEqual(7 + 2);
    expect(report.attempts.filter((a) => a.role !== 'baseline').length).toBeLessThan(40);
    expect(transcripts.join('\n')).toMatch(/evaluation budget of 7 reached \(\d+ evaluator runs\): the run evaluates no more intermediate versions/);
    // What `swarm status` prints from that report.
    expect(renderStatus(report, { color: false, now: Date.now(), width: 120 })).toMatch(new RegExp(`evaluations ${total}/7`));
  }, 120_000);
});
