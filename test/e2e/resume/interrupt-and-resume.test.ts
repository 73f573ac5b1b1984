import { existsSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { status as statusOf } from '../../../src/index.js';
import { findOrphans } from '../../../src/process/find-orphans.js';
import { isProcessAlive } from '../../../src/process/liveness.js';
import { runApi, thrownBy } from '../../support/api-run.js';
import { createToyRepo, startCli, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const dbOf = (repo: ToyRepo): string => join(repo.dir, '.swarm', 'swarm.db');

/** Polls the run database (as a reader, like `swarm status`) until `predicate` holds. */
const waitFor = async (repo: ToyRepo, predicate: (rows: Array<{ status: string; role: string; phase: string | null }>) => boolean, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dbOf(repo))) {
      try {
        const db = new Database(dbOf(repo), { readonly: true, fileMustExist: true });
        const rows = db.prepare('SELECT status, role, phase FROM attempts').all() as Array<{ status: string; role: string; phase: string | null }>;
        db.close();
        if (predicate(rows)) return;
      } catch {
        // The writer may be mid-migration; poll again.
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not reached in time');
};

/**
 * The driver is a `swarm run` process the test kills or interrupts; what it left is read, and the
 * run resumed, through the API in this process (another process than the killed driver's).
 */
const status = (repo: ToyRepo) => statusOf({ cwd: repo.dir });

const assertClean = (repo: ToyRepo): void => {
  expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  const worktrees = join(repo.dir, '.swarm', 'worktrees');
  expect(existsSync(worktrees) ? readdirSync(worktrees) : []).toEqual([]);
  const db = new Database(dbOf(repo), { readonly: true });
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  db.close();
};

describe('interrupting and resuming a run', () => {
  it('resumes after SIGKILL mid-wave: nothing lost, nothing counted twice, no orphan worktree or branch', async () => {
    const repo = createToyRepo({ budget: { attempts: 9 } });
    repos.push(repo);
    const first = startCli(repo.dir, ['run'], { TOY_EVAL_DELAY_MS: '400' });
    await waitFor(repo, (rows) => rows.filter((r) => r.role !== 'baseline' && r.status !== 'running').length >= 2 && rows.some((r) => r.status === 'running'));
    first.child.kill('SIGKILL');
    await first.done;

    const killed = await status(repo);
    // The driver is gone: status says so, and shows none of its attempts as running any more.
    expect(killed.run.stale).toMatchObject({ ownerPid: first.child.pid, command: 'swarm run' });
    expect(killed.attempts.filter((a) => a.status === 'running')).toEqual([]);
    const runningAtKill = killed.attempts.filter((a) => a.reason?.includes('is gone') === true).map((a) => a.id);
    const finishedAtKill = killed.attempts.filter((a) => !runningAtKill.includes(a.id)).map((a) => ({ id: a.id, status: a.status, score: a.score }));
    expect(runningAtKill.length).toBeGreaterThan(0);

    const second = await runApi(repo.dir);
    expect(second.result).toMatchObject({ status: 'finished', problem: null, resumed: true });
    const said = second.lines.join('\n');
    expect(said).toContain('resuming run r1');
    // Attempts running at the kill are re-planned, recorded from their stored result when evaluated, or
    // have their evaluation finished from the runs that ended before the kill (kept rows, exit records).
    expect(said).toMatch(/recovered \d+ interrupted attempt|recorded \d+ attempt\(s\) evaluated before the stop|a\d+: resumed its evaluation: \d+ evaluator run\(s\) finished before the stop kept/);

    const after = await status(repo);
    for (const before of finishedAtKill) expect(after.attempts.find((a) => a.id === before.id)).toMatchObject(before);
    for (const id of runningAtKill) {
      // Interrupted and re-planned, or (evaluated before the kill) recorded from its stored result.
      const resumed = after.attempts.find((a) => a.id === id)?.status;
      expect(['interrupted', 'scored', 'invalid']).toContain(resumed);
      expect(repo.git('branch', '--list', `swarm/r1/${id}`).trim() === '').toBe(resumed === 'interrupted');
    }
    const counted = after.attempts.filter((a) => a.role !== 'baseline' && a.status !== 'interrupted');
    expect(counted).toHaveLength(9);
    expect(after.attempts.filter((a) => a.role === 'baseline' && a.status === 'scored')).toHaveLength(1);
    expect(after.run.status).toBe('finished');
    assertClean(repo);
  }, 120_000);

  it('kills the agents and evaluators a SIGKILLed run left behind when it resumes', async () => {
    const marker = join(tmpdir(), `swarm-hang-${process.pid}-${Date.now()}`);
    writeFileSync(marker, '');
    const repo = createToyRepo({
      budget: { attempts: 3 },
      evaluator: { command: `node evaluate.js && if [ -f ${marker} ] && [ -f findings.md ]; then sleep 120; fi` },
    });
    repos.push(repo);
    try {
      const first = startCli(repo.dir, ['run']);
      await waitFor(repo, (rows) => rows.some((r) => r.role !== 'baseline' && r.status === 'running'));
      const root = realpathSync(repo.dir);
      let orphans: number[] = [];
      const deadline = Date.now() + 30_000;
      while (orphans.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        orphans = (await findOrphans('r1', root)).filter((pid) => pid !== first.child.pid);
      }
      first.child.kill('SIGKILL');
      await first.done;
      expect(orphans.length).toBeGreaterThan(0);
      const stillThere = [];
      for (const pid of orphans) if (await isProcessAlive(pid)) stillThere.push(pid);
      expect(stillThere.length).toBeGreaterThan(0);
      rmSync(marker, { force: true });
      const { result } = await runApi(repo.dir);
      expect(result).toMatchObject({ status: 'finished', problem: null });
      for (const pid of orphans) expect(await isProcessAlive(pid)).toBe(false);
      assertClean(repo);
    } finally {
      rmSync(marker, { force: true });
    }
  }, 120_000);

  it('drains on the first SIGINT: running attempts finish and are recorded, then the run resumes', async () => {
    const repo = createToyRepo({ budget: { attempts: 9 } });
    repos.push(repo);
    const first = startCli(repo.dir, ['run', '--agents', '1'], { TOY_EVAL_DELAY_MS: '300' });
    // Ctrl-C while one attempt works and another waits for the only slot (in its prepare phase).
    const inFlight = (rows: Array<{ status: string; role: string; phase: string | null }>, queued: boolean): boolean =>
      rows.some((r) => r.role !== 'baseline' && r.status === 'running' && (r.phase === 'prepare') === queued);
    await waitFor(repo, (rows) => inFlight(rows, false) && inFlight(rows, true));
    first.child.kill('SIGINT');
    const drained = await first.done;
    expect(drained.code).toBe(130);
    expect(drained.stderr).toContain('draining');
    const mid = await status(repo);
    expect(mid.run.status).toBe('interrupted');
    // Running attempts finished and were recorded; any still waiting for a slot never started.
    expect(mid.attempts.filter((a) => a.status === 'running')).toEqual([]);
    expect(mid.attempts.filter((a) => a.status === 'interrupted' && a.phase !== 'prepare')).toEqual([]);
    expect(mid.run.attemptsUsed).toBeLessThan(9);
    // One agent slot and three explorers planned: the ones still queued at the Ctrl-C never started.
    expect(mid.counts.interrupted).toBeGreaterThan(0);
    expect(mid.attempts.filter((a) => a.status === 'interrupted').every((a) => a.startedAt !== null && repo.git('branch', '--list', `swarm/r1/${a.id}`).trim() === '')).toBe(true);

    const { result } = await runApi(repo.dir);
    expect(result).toMatchObject({ status: 'finished', problem: null, resumed: true });
    const end = await status(repo);
    expect(end.run.attemptsUsed).toBe(9);
    assertClean(repo);
  }, 120_000);

  it('forces on the second SIGINT: a hanging evaluator is killed and its attempts marked interrupted', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 }, evaluator: { command: 'node evaluate.js && if [ -f findings.md ] && grep -q explorer findings.md; then sleep 60; fi' } });
    repos.push(repo);
    const first = startCli(repo.dir, ['run']);
    await waitFor(repo, (rows) => rows.some((r) => r.role !== 'baseline' && r.status === 'running'));
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 200));
    first.child.kill('SIGINT');
    const forced = await first.done;
    expect(forced.code).toBe(130);
    const after = await status(repo);
    expect(after.attempts.filter((a) => a.status === 'running')).toEqual([]);
    expect(after.counts.interrupted).toBeGreaterThan(0);
    assertClean(repo);
  }, 60_000);

  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`stops at once on ${signal}, says so (not Ctrl-C), and resumes like an interrupted run`, async () => {
      const repo = createToyRepo({ budget: { attempts: 4 }, evaluator: { command: 'node evaluate.js && if [ -f findings.md ] && grep -q explorer findings.md; then sleep 60; fi' } });
      repos.push(repo);
      const first = startCli(repo.dir, ['run']);
      await waitFor(repo, (rows) => rows.some((r) => r.role !== 'baseline' && r.status === 'running'));
      await new Promise((r) => setTimeout(r, 1500));
      first.child.kill(signal);
      const stopped = await first.done;
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toContain(`stopping on ${signal}`);
      expect(stopped.stderr).not.toContain('Ctrl-C');
      const after = await status(repo);
      expect(after.run.status).toBe('interrupted');
      expect(after.run.stopReason).toBe(`stopped by ${signal}; run \`swarm run\` again to resume`);
      expect(after.attempts.filter((a) => a.status === 'running')).toEqual([]);
      expect(after.counts.interrupted).toBeGreaterThan(0);
      assertClean(repo);
      // Resumed like an interrupted run (the hanging evaluation would hang again: only the claim is checked).
      const resumed = startCli(repo.dir, ['run']);
      await waitFor(repo, (rows) => rows.filter((r) => r.status === 'running').length > 0);
      resumed.child.kill('SIGTERM');
      const second = await resumed.done;
      expect(second.stderr).toContain('resuming run r1');
    }, 90_000);
  }

  it('refuses to drive a run another live process owns', async () => {
    const repo = createToyRepo({ budget: { attempts: 6 } });
    repos.push(repo);
    const first = startCli(repo.dir, ['run'], { TOY_EVAL_DELAY_MS: '300' });
    await waitFor(repo, (rows) => rows.length > 0);
    // Refused with a usage/config error: `swarm run` exits 2.
    const second = await thrownBy(runApi(repo.dir));
    expect(isSwarmError(second) && exitCodeFor(second)).toBe(2);
    expect(isSwarmError(second) && second.message).toMatch(/run r1 is being driven by process \d+/);
    // A new run would clean the live run's worktrees: refused too.
    const another = await thrownBy(runApi(repo.dir, { newRun: true }));
    expect(isSwarmError(another) && exitCodeFor(another)).toBe(2);
    expect(isSwarmError(another) && another.message).toMatch(/run r1 is being driven by process \d+/);
    // The live run finishes undisturbed. (Killing it instead left its agents and evaluators, in
    // process groups of their own, writing into the repository while the test removed it: ENOTEMPTY.)
    const finished = await first.done;
    expect(finished.code).toBe(0);
    expect((await status(repo)).run.attemptsUsed).toBe(6);
  }, 120_000);

  it('resumes with the flags the run was started with; a flag given again is applied and announced', async () => {
    const repo = createToyRepo({ budget: { attempts: 6 } });
    repos.push(repo);
    const first = startCli(repo.dir, ['run', '--attempts', '7', '--agents', '1'], { TOY_EVAL_DELAY_MS: '300' });
    await waitFor(repo, (rows) => rows.some((r) => r.role !== 'baseline' && r.status === 'running'));
    first.child.kill('SIGINT');
    expect((await first.done).code).toBe(130);

    const second = startCli(repo.dir, ['run'], { TOY_EVAL_DELAY_MS: '300' });
    await waitFor(repo, (rows) => rows.some((r) => r.role !== 'baseline' && r.status === 'running'));
    second.child.kill('SIGINT');
    const plain = await second.done;
    expect(plain.code).toBe(130);
    expect(plain.stderr).toContain('resuming run r1 (keeps --attempts 7 --agents 1)');
    expect(plain.stderr).not.toContain('applies');

    const third = await runApi(repo.dir, { overrides: { attempts: 8 } });
    expect(third.result).toMatchObject({ status: 'finished', problem: null });
    expect(third.lines.join('\n')).toContain('resuming run r1 (keeps --agents 1; applies --attempts 8 (was 7))');
    const end = await status(repo);
    expect(end.run.attemptsUsed).toBe(8);
    const db = new Database(dbOf(repo), { readonly: true });
    expect(db.prepare('SELECT overrides_json FROM runs').pluck().all()).toEqual([JSON.stringify({ attempts: 8, agents: 1 })]);
    db.close();
    assertClean(repo);
  }, 120_000);
});
