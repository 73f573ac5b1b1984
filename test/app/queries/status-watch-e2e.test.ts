import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { attemptDiff, runSearch, status as getStatus, watchStatus, type RunSearchResult, type StatusReport } from '../../../src/index.js';
import { thrownBy } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const PHASES = ['prepare', 'agent', 'commit', 'evaluate', 'record'];

const running = (report: StatusReport): StatusReport['attempts'] => report.attempts.filter((a) => a.status === 'running');

// What `swarm status` and `status --watch` print while a run works, and `show --diff`: test/cli/commands/status-watch-e2e.test.ts.
describe('status while a run works: in flight, watch; the attempt diff after it', () => {
  let repo: ToyRepo;
  let result: RunSearchResult;
  let watched: StatusReport[] = [];
  let inFlight: StatusReport | null = null;
  let final: StatusReport;

  beforeAll(async () => {
    // A slow evaluator (set in the config, so it reaches the evaluator as a user would set it) keeps attempts in flight.
    repo = createToyRepo({ budget: { attempts: 6 }, evaluator: { env: { TOY_EVAL_DELAY_MS: '1500' } } });
    const run = runSearch({ cwd: repo.dir });
    let ended = false;
    void run.finally(() => (ended = true)).catch(() => undefined);
    try {
      // Until the run has claimed its run, status finds none.
      for (let i = 0; i < 600 && !ended && (await getStatus({ cwd: repo.dir }).then((r) => r.run.status !== 'running', () => true)); i++) await sleep(50);
      const watching = (async () => {
        const seen: StatusReport[] = [];
        for await (const report of watchStatus({ cwd: repo.dir, intervalMs: 200, signal: new AbortController().signal })) seen.push(report);
        return seen;
      })();
      for (let i = 0; i < 600 && inFlight === null && !ended; i += 1) {
        const report = await getStatus({ cwd: repo.dir });
        if (running(report).length > 0) inFlight = report;
        else await sleep(100);
      }
      watched = await watching;
    } finally {
      result = await run;
    }
    final = await getStatus({ cwd: repo.dir });
  }, 180_000);
  afterAll(() => repo.cleanup());

  it('lists the attempts in flight with role, parents, phase and start', () => {
    expect(result.status).toBe('finished');
    expect(inFlight).not.toBeNull();
    for (const row of running(inFlight ?? final)) {
      const attempt = final.attempts.find((a) => a.id === row.id);
      expect(attempt?.role).toBe(row.role);
      expect(attempt?.parents).toEqual(row.parents);
      expect(PHASES).toContain(row.phase);
      expect(row.startedAt).toEqual(expect.any(Number));
    }
    expect(running(final)).toEqual([]);
  });

  it('watch reads the run afresh as it moves and ends by itself when the run ends', () => {
    expect(watched.length).toBeGreaterThanOrEqual(3);
    expect(watched.some((report) => running(report).some((row) => PHASES.includes(row.phase)))).toBe(true);
    const last = watched.at(-1);
    expect(last?.run.status).toBe('finished');
    expect(running(last ?? final)).toEqual([]);
    expect([last?.run.attemptsUsed, last?.run.attemptBudget]).toEqual([6, 6]);
    expect(last?.best).not.toBeNull();
    // Only the last report is of an ended run.
    expect(watched.slice(0, -1).every((report) => report.run.status === 'running')).toBe(true);
  });

  it('gives the attempt\'s own diff, without findings.md', async () => {
    const changed = final.attempts.find((a) => a.role !== 'baseline' && a.status === 'scored' && !a.flags.includes('no-change'));
    expect(changed).toBeDefined();
    const id = changed?.id ?? '';
    const diff = await attemptDiff({ cwd: repo.dir, attemptId: id });
    expect(diff.baseCommit).toMatch(/^[0-9a-f]{40}$/);
    expect(diff.headCommit).toMatch(/^[0-9a-f]{40}$/);
    expect(diff.excluded).toEqual(['findings.md']);
    expect(diff.diff).toContain('diff --git a/prog.js b/prog.js');
    expect(diff.diff).toMatch(/^-const [ab] = /m);
    expect(diff.diff).toMatch(/^\+const [ab] = /m);
    expect(diff.diff).not.toContain('findings.md b/findings.md');
    const stat = repo.git('diff', '--stat', `swarm/r1/${id}~1`, `swarm/r1/${id}`);
    expect(stat).toContain('findings.md');
    const missing = await thrownBy(attemptDiff({ cwd: repo.dir, attemptId: 'a999' }));
    expect(isSwarmError(missing) && missing.code).toBe('NOT_FOUND');
    expect(exitCodeFor(missing)).toBe(2);
    expect(missing instanceof Error && missing.message).toContain('no attempt a999');
  });
});
