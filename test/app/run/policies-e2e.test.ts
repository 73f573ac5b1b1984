import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { runSearch, status as runStatus } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const status = (repo: ToyRepo): Promise<StatusReport> => runStatus({ cwd: repo.dir });

describe('search policies and async scheduling (through the API; resuming after a kill: async-resume-kill-e2e.test.ts)', () => {
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
});
