import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, isSwarmError } from '../../../src/core/domain/errors.js';
import { runSearch, spawn, status, wait, type SpawnOptions, type SpawnResult, type StatusReport, type WaitResult } from '../../../src/index.js';
import { thrownBy, withEnv } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// The driver exits soon after its last attempt, so the test does not leave it waiting.
const ENV = { SWARM_SPAWN_IDLE_MS: '1500' };

type Asked = Partial<Omit<SpawnOptions, 'cwd'>> & Pick<SpawnOptions, 'parents'>;

/** `swarm spawn` through the API: the background driver it starts inherits `env`. */
const spawnIn = (cwd: string, asked: Asked, env: Readonly<Record<string, string>> = ENV): Promise<SpawnResult> =>
  withEnv(env, () => spawn({ cwd, role: 'explorer', context: '', informedBy: [], ...asked }));

const waitIn = (cwd: string, ids: string[], more: { since?: string } = {}): Promise<WaitResult> => wait({ cwd, ids, any: false, timeoutMs: 30 * 60_000, ...more });

/** What a refused call threw: its code, the CLI's exit code for it, and its message. */
const refusal = async (call: Promise<unknown>): Promise<{ code: string; exit: number; message: string }> => {
  const error = await thrownBy(call);
  if (!isSwarmError(error)) throw new Error(`expected a SwarmError, got ${String(error)}`);
  return { code: error.code, exit: exitCodeFor(error), message: error.message };
};

/** Until the spawn driver has given its run up (it idles out), so the repository can go. */
const untilReleased = async (cwd: string, pauseMs = 200): Promise<void> => {
  for (let i = 0; i < 50 && (await status({ cwd })).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, pauseMs));
};

describe('spawn / wait with the local agent', () => {
  let repo: ToyRepo;
  const spawnJson = (asked: Asked): Promise<SpawnResult> => spawnIn(repo.dir, asked);

  beforeAll(() => {
    repo = createToyRepo({ budget: { attempts: 4 } });
  });
  afterAll(async () => {
    // Let the driver give the run up before the repository goes.
    await waitIn(repo.dir, []);
    await untilReleased(repo.dir);
    repo.cleanup();
  });

  it('spawns explorers from the baseline and a merge, waits, and status shows them as if swarm run had planned them', async () => {
    const first = await spawnJson({ parents: 'baseline' });
    const second = await spawnJson({ parents: 'baseline', context: 'the baseline scores -13' });
    expect(first.run).toBe('r1');
    expect([first.operator, second.operator]).toEqual(['explore', 'explore']);
    const firstWait = await waitIn(repo.dir, [first.id, second.id]);
    expect(firstWait.timedOut).toBe(false);
    expect(firstWait.attempts.map((a) => a.status)).toEqual(['scored', 'scored']);

    const merge = await spawnJson({ parents: [first.id, second.id], informedBy: [first.id] });
    expect(merge.operator).toBe('merge');
    const mergeWait = await waitIn(repo.dir, [merge.id]);
    expect([mergeWait.timedOut, mergeWait.driverGone]).toEqual([false, false]);
    expect(mergeWait.attempts).toMatchObject([{ id: merge.id, role: 'explorer', parents: [first.id, second.id], status: 'scored', score: expect.any(Number) }]);

    const report = await status({ cwd: repo.dir });
    const baseline = report.baseline?.id ?? '';
    expect(report.baseline?.score).toBe(-13);
    const byId = new Map(report.attempts.map((a) => [a.id, a]));
    expect(byId.get(first.id)).toMatchObject({ role: 'explorer', operator: 'explore', parents: [baseline], status: 'scored' });
    expect(byId.get(merge.id)).toMatchObject({ role: 'explorer', operator: 'merge', parents: [first.id, second.id], status: 'scored' });
    expect(report.attempts.every((a) => a.status === 'scored' && a.score !== null)).toBe(true);
    expect(report.run.attemptsUsed).toBe(3);

    // The same records a planned attempt gets: branch with trailers, findings entry, edges.
    expect(repo.git('log', '--format=%B', '-n', '3', `swarm/r1/${merge.id}`)).toContain(`Swarm-Parent: ${first.id}, ${second.id}`);
    expect(repo.git('show', `swarm/r1/${merge.id}:findings.md`)).toContain(`- ${merge.id} (`);
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    const edges = db.prepare('SELECT from_id, kind FROM edges WHERE to_id = ? ORDER BY kind, position').all(merge.id);
    db.close();
    expect(edges).toEqual([{ from_id: first.id, kind: 'informed_by' }, { from_id: second.id, kind: 'merge' }, { from_id: first.id, kind: 'parent' }]);
  }, 120_000);

  it('spawns an optimizer on the leader, refuses a second one on the same parent, and the budget then stops spawn (exit 2)', async () => {
    const report = await status({ cwd: repo.dir });
    const leader = report.best?.id ?? '';
    const optimizer = await spawnJson({ parents: [leader], role: 'optimizer' });
    expect(optimizer.operator).toBe('deepen');
    const twice = await refusal(spawnJson({ parents: [leader], role: 'optimizer' }));
    expect([twice.code, twice.exit]).toEqual(['USAGE', 2]);
    expect(twice.message).toContain(`optimizer ${optimizer.id} of ${leader} is still running`);
    // Everything finished since the last wait returned: the optimizer, and the baseline no wait had returned yet.
    const all = (await waitIn(repo.dir, [])).attempts;
    expect(all.map((a) => a.id)).toEqual([report.baseline?.id, optimizer.id]);
    expect(all.every((a) => a.status === 'scored' && a.score !== null)).toBe(true);

    const spent = await refusal(spawnJson({ parents: 'baseline' }));
    expect([spent.code, spent.exit]).toEqual(['BUDGET_SPENT', 2]);
    expect(spent.message).toContain('attempt budget of 4 reached; no attempt spawned');
  }, 120_000);

  it('refuses an optimizer from the baseline (exit 2)', async () => {
    // "exactly one of --parent, --parents and --baseline" is the CLI's own check: test/cli/commands/spawn-and-wait.test.ts.
    const optimizerFromBaseline = await refusal(spawnJson({ parents: 'baseline', role: 'optimizer' }));
    expect([optimizerFromBaseline.code, optimizerFromBaseline.exit]).toEqual(['USAGE', 2]);
    expect(optimizerFromBaseline.message).toContain('exactly one --parent');
  });
});

describe('wait for all after the attempts already finished', () => {
  it('returns every attempt finished since the last wait returned, with scores, then nothing new; since picks the start', async () => {
    const repo = createToyRepo({ budget: { attempts: 5 } });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await spawnIn(repo.dir, { parents: 'baseline' })).id);
      // Finished before anyone waits: the Shepherd was busy elsewhere.
      const finished = async (): Promise<boolean> => (await status({ cwd: repo.dir })).attempts.filter((a) => ids.includes(a.id)).every((a) => a.status !== 'running');
      for (let i = 0; i < 600 && !(await finished()); i++) await new Promise((r) => setTimeout(r, 200));
      expect(await finished()).toBe(true);
      const report = await status({ cwd: repo.dir });
      const first = await waitIn(repo.dir, []);
      expect(first.timedOut).toBe(false);
      expect(first.attempts.map((a) => a.id).sort()).toEqual([report.baseline?.id ?? '', ...ids].sort());
      for (const attempt of first.attempts) expect(attempt).toMatchObject({ status: 'scored', score: report.attempts.find((a) => a.id === attempt.id)?.score });
      // Recorded in the store: the next wait starts after them.
      expect((await waitIn(repo.dir, [])).attempts).toEqual([]);
      // since: the attempts that finished after the named one, in the order they finished.
      const order = first.attempts.map((a) => a.id);
      const since = await waitIn(repo.dir, [], { since: order[1] ?? '' });
      expect(since.attempts.map((a) => a.id)).toEqual(order.slice(2));
      const unknown = await refusal(waitIn(repo.dir, [], { since: 'a99' }));
      expect([unknown.code, unknown.exit]).toEqual(['NOT_FOUND', 2]);
      expect(unknown.message).toContain('no attempt a99 in run r1');
    } finally {
      await untilReleased(repo.dir);
      repo.cleanup();
    }
  }, 180_000);
});

describe('spawns started together', () => {
  it('share one driver and one run: three ids, all scored', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 } });
    try {
      // One environment for all three: withEnv around the whole group, not per call.
      const ids = await withEnv(ENV, () => Promise.all([1, 2, 3].map(() => spawn({ cwd: repo.dir, parents: 'baseline', role: 'explorer', context: '', informedBy: [] }))));
      expect(new Set(ids.map((r) => r.id)).size).toBe(3);
      expect(new Set(ids.map((r) => r.run))).toEqual(new Set(['r1']));
      const done = await waitIn(repo.dir, ids.map((r) => r.id));
      expect(done.attempts.map((a) => a.status)).toEqual(['scored', 'scored', 'scored']);
      await untilReleased(repo.dir);
    } finally {
      repo.cleanup();
    }
  }, 120_000);
});

describe('a driver that idles out at once', () => {
  it('still records the spawn that started it, and a later spawn resumes the run it gave up', async () => {
    // Under load a spawn can take longer than the idle time between the driver's "ready" and its insert.
    const hasty = { SWARM_SPAWN_IDLE_MS: '1' };
    const repo = createToyRepo({ budget: { attempts: 4 } });
    try {
      const a = await spawnIn(repo.dir, { parents: 'baseline' }, hasty);
      expect((await waitIn(repo.dir, [a.id])).attempts.map((x) => x.status)).toEqual(['scored']);
      await untilReleased(repo.dir, 100);
      const b = await spawnIn(repo.dir, { parents: [a.id], role: 'optimizer' }, hasty);
      expect([b.run, b.parents, b.operator]).toEqual([a.run, [a.id], 'deepen']);
      expect((await waitIn(repo.dir, [b.id])).attempts.map((x) => x.status)).toEqual(['scored']);
      await untilReleased(repo.dir, 100);
    } finally {
      repo.cleanup();
    }
  }, 120_000);
});

describe('an agent backend that cannot work', () => {
  it('refuses the spawn (exit 2) with the fix, as `swarm run` does, and records nothing', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 } });
    const env = { ...ENV, ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '' };
    try {
      const refused = await refusal(spawnIn(repo.dir, { parents: 'baseline', backend: 'anthropic' }, env));
      expect([refused.code, refused.exit]).toEqual(['BACKEND_UNAVAILABLE', 2]);
      expect(refused.message).toContain('agent anthropic cannot work: the anthropic backend needs an API key: set the environment variable ANTHROPIC_API_KEY');
      expect(refused.message).toContain('no attempt spawned (fix it, or choose another --backend');
      const next = await spawnIn(repo.dir, { parents: 'baseline' }, env);
      expect(next.run).toBe('r1');
      expect((await waitIn(repo.dir, [next.id])).attempts[0]?.status).toBe('scored');
      const report: StatusReport = await status({ cwd: repo.dir });
      expect(report.attempts.map((a) => a.role)).toEqual(['baseline', 'explorer']);
      await untilReleased(repo.dir);
    } finally {
      repo.cleanup();
    }
  }, 120_000);
});

describe('the circuit breaker of a spawned run', () => {
  it('refuses spawns (exit 2) once it tripped, and resetBreaker lifts it after the fix', async () => {
    const failing = ['node', '-e', 'console.error("the model refused: quota exhausted"); process.exit(3)'];
    const repo = createToyRepo({ budget: { attempts: 6 }, agent: { backend: 'command', maxConsecutiveFailures: 2, command: { argv: failing } } });
    try {
      const first = await spawnIn(repo.dir, { parents: 'baseline' });
      const second = await spawnIn(repo.dir, { parents: 'baseline' });
      const failed = await waitIn(repo.dir, [first.id, second.id]);
      expect(failed.attempts.map((a) => a.status)).toEqual(['failed', 'failed']);

      const refused = await refusal(spawnIn(repo.dir, { parents: 'baseline' }));
      expect([refused.code, refused.exit]).toEqual(['BREAKER_TRIPPED', 2]);
      expect(refused.message).toMatch(/run r1 stopped: 2 attempts in a row \(a\d+, a\d+\) failed with the same agent error: .*quota exhausted/);
      expect(refused.message).toContain('then spawn again with --reset-breaker');
      const stillRefused = await refusal(spawnIn(repo.dir, { parents: 'baseline', backend: 'local' }));
      expect([stillRefused.code, stillRefused.exit]).toEqual(['BREAKER_TRIPPED', 2]);

      const fixed = await spawnIn(repo.dir, { parents: 'baseline', backend: 'local', resetBreaker: true });
      expect(fixed.run).toBe('r1');
      expect((await waitIn(repo.dir, [fixed.id])).attempts[0]?.status).toBe('scored');
      const report = await status({ cwd: repo.dir });
      expect(report.attempts.map((a) => a.status)).toEqual(['scored', 'failed', 'failed', 'scored']);
      await untilReleased(repo.dir);
    } finally {
      repo.cleanup();
    }
  }, 180_000);
});

describe('a baseline that does not evaluate', () => {
  it('fails the first spawn with the reason (exit 1); once the evaluator is fixed a new run starts', async () => {
    const repo = createToyRepo({ evaluator: { command: 'node broken.js' } }, { 'broken.js': 'process.exit(3);\n' });
    try {
      const failed = await refusal(spawnIn(repo.dir, { parents: 'baseline' }));
      expect([failed.code, failed.exit]).toEqual(['DRIVER_FAILED', 1]);
      expect(failed.message).toContain('baseline evaluation failed');
      writeFileSync(join(repo.dir, '.swarmrc.json'), readFileSync(join(repo.dir, '.swarmrc.json'), 'utf8').replace('node broken.js', 'node evaluate.js'));
      repo.git('commit', '-qam', 'fix the evaluator');
      const spawnedNow = await spawnIn(repo.dir, { parents: 'baseline' });
      expect(spawnedNow.run).toBe('r2');
      const done = await waitIn(repo.dir, []);
      expect([done.timedOut, done.driverGone]).toEqual([false, false]);
      await untilReleased(repo.dir);
    } finally {
      repo.cleanup();
    }
  }, 120_000);
});

describe('one live driver per repository', () => {
  it('spawn refuses (exit 2) while a `swarm run` drives the repository', async () => {
    const repo = createToyRepo({ budget: { attempts: 2 } });
    // The run is driven in this process (as the API's host would); its owner is this process.
    const run = withEnv({ TOY_EVAL_DELAY_MS: '1500' }, () => runSearch({ cwd: repo.dir }));
    try {
      // Until the run is claimed, status finds none.
      let running = false;
      for (let i = 0; i < 200 && !running; i++) {
        running = await status({ cwd: repo.dir }).then((report) => report.run.status === 'running', () => false);
        if (!running) await new Promise((r) => setTimeout(r, 50));
      }
      expect(running).toBe(true);
      const refused = await refusal(spawn({ cwd: repo.dir, parents: 'baseline', role: 'explorer', context: '', informedBy: [] }));
      expect([refused.code, refused.exit]).toEqual(['RUN_LOCKED', 2]);
      expect(refused.message).toContain(`run r1 is being driven by \`swarm run\` (process ${process.pid})`);
      expect((await run).status).toBe('finished');
    } finally {
      await run.catch(() => undefined);
      repo.cleanup();
    }
  }, 120_000);
});
