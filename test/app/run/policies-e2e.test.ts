import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { runSearch, status as runStatus } from '../../../src/index.js';
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

describe('search policies and async scheduling (through the API; resuming after a kill through the CLI)', () => {
  it.each(['greedy', 'swarm', 'evolve', 'rsi'])('runs the %s policy to its attempt budget', async (policy) => {
    const repo = createToyRepo({ budget: { attempts: 7 } });
    repos.push(repo);
    const run = await runSearch({ cwd: repo.dir, overrides: { policy } });
    expect(run).toMatchObject({ status: 'finished', problem: null });
    const report = await status(repo);
    expect(report.attempts.filter((a) => a.role !== 'baseline')).toHaveLength(7);
    expect(report.attempts.filter((a) => a.status === 'scored').length).toBeGreaterThan(1);
  }, 120_000);

  it('evolve hands an optimizer its inspirations, and the local agent reads their programs', async () => {
    const repo = createToyRepo({ budget: { attempts: 9 } });
    repos.push(repo);
    expect(await runSearch({ cwd: repo.dir, overrides: { policy: 'evolve' } })).toMatchObject({ status: 'finished', problem: null });
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true, fileMustExist: true });
    const informed = db
      .prepare(`SELECT a.transcript_path AS path, (SELECT group_concat(from_id) FROM (SELECT from_id FROM edges WHERE to_id = a.id AND kind = 'informed_by' ORDER BY position)) AS sources FROM attempts a WHERE a.role = 'optimizer' AND sources IS NOT NULL`)
      .all() as Array<{ path: string; sources: string }>;
    db.close();
    expect(informed.length).toBeGreaterThan(0);
    for (const { path, sources } of informed) {
      const log = readFileSync(path, 'utf8');
      const line = /^- inspirations: (.*)$/m.exec(log)?.[1] ?? '';
      expect([...line.matchAll(/(a\d+) \(score /g)].map((m) => m[1])).toEqual(sources.split(','));
    }
  }, 120_000);

  it('async: plans one attempt per free slot, numbers generations, and flags changes outside the solution files', async () => {
    // The local agent edits only the solution files now, so a command agent makes the change outside them.
    const outside = 'n=$(od -An -N2 -tu2 /dev/urandom | tr -d " "); sed -i "s/^const a = .*/const a = $n;/" prog.js';
    const repo = createToyRepo(
      { budget: { attempts: 7 }, shepherd: { policy: 'rsi', schedule: 'async' }, task: { solutionFiles: ['solution/**'] }, agent: { backend: 'command', command: { argv: ['sh', '-c', outside] } } },
      { 'solution/notes.md': 'what the search may change\n' },
    );
    repos.push(repo);
    const progress: string[] = [];
    const run = await runSearch({ cwd: repo.dir, report: (line) => progress.push(line) });
    expect(run).toMatchObject({ status: 'finished', problem: null });
    const report = await status(repo);
    const searchers = report.attempts.filter((a) => a.role !== 'baseline');
    expect(searchers).toHaveLength(7);
    expect(new Set(searchers.map((a) => a.wave))).toEqual(new Set([1, 2, 3]));
    const changed = searchers.filter((a) => !a.flags.includes('no-change') && a.status !== 'failed');
    expect(changed.length).toBeGreaterThan(0);
    for (const attempt of changed) expect(attempt.flags).toContain('outside-solution-files');
    expect(progress.join('\n')).toContain('[outside-solution-files');
  }, 120_000);

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
