import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { status as runStatus } from '../../../src/index.js';
import { createToyRepo, runCli, startCli, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const status = (repo: ToyRepo): Promise<StatusReport> => runStatus({ cwd: repo.dir });

const rows = (repo: ToyRepo): Array<{ status: string; role: string }> => {
  const file = join(repo.dir, '.swarm', 'swarm.db');
  if (!existsSync(file)) return [];
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    const result = db.prepare('SELECT status, role FROM attempts').all() as Array<{ status: string; role: string }>;
    db.close();
    return result;
  } catch {
    return [];
  }
};

/**
 * A driver SIGKILLed mid-run and resumed by a second `swarm run`: the process boundary is the
 * point (a driver process dies), so this starts the built CLI. Split from policies-e2e.test.ts,
 * whose other tests call the API; it belongs in test/e2e/resume/ (a driver killed, then resumed).
 */
describe('async scheduling, resumed after a kill', () => {
  it('async: resumes after SIGKILL without counting anything twice', async () => {
    const repo = createToyRepo({ budget: { attempts: 8 }, shepherd: { policy: 'swarm', schedule: 'async' } });
    repos.push(repo);
    const first = startCli(repo.dir, ['run'], { TOY_EVAL_DELAY_MS: '400' });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const current = rows(repo);
      if (current.filter((r) => r.role !== 'baseline' && r.status !== 'running').length >= 2 && current.some((r) => r.status === 'running')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    first.child.kill('SIGKILL');
    await first.done;
    const second = await runCli(repo.dir, ['run']);
    expect(second.code).toBe(0);
    // Each attempt running at the kill is re-planned (interrupted) or, killed after its evaluator
    // ended, has its evaluation finished from what that run left (exit record, kept rows).
    expect(second.stderr).toMatch(/recovered \d+ interrupted attempt|a\d+: resumed its evaluation/);
    const after = await status(repo);
    expect(after.attempts.filter((a) => a.role !== 'baseline' && a.status !== 'interrupted')).toHaveLength(8);
    const resumed = second.stderr.match(/a\d+: resumed its evaluation/g)?.length ?? 0;
    expect(after.attempts.filter((a) => a.status === 'interrupted').length + resumed).toBeGreaterThan(0);
    expect(after.run.status).toBe('finished');
  }, 120_000);
});
