import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToyRepo, runCli, startCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

const spawned = z.object({ id: z.string(), run: z.string(), role: z.string(), operator: z.string(), parents: z.array(z.string()) });
const waited = z.object({ attempts: z.array(z.object({ id: z.string(), status: z.string(), score: z.number().nullable() })), timedOut: z.boolean(), driverGone: z.boolean() });
const statusSchema = z.object({
  run: z.object({ id: z.string(), status: z.string(), attemptsUsed: z.number() }),
  baseline: z.object({ id: z.string(), score: z.number().nullable() }).nullable(),
  best: z.object({ id: z.string() }).nullable(),
  attempts: z.array(z.object({ id: z.string(), role: z.string(), operator: z.string(), parents: z.array(z.string()), status: z.string(), score: z.number().nullable() })),
});

// The driver exits soon after its last attempt, so the test does not leave it waiting.
const ENV = { SWARM_SPAWN_IDLE_MS: '1500' };

describe('swarm spawn / swarm wait with the local agent', () => {
  let repo: ToyRepo;
  const cli = (...args: string[]): Promise<CliResult> => runCli(repo.dir, args, ENV);
  const spawnJson = async (...args: string[]): Promise<z.output<typeof spawned>> => {
    const result = await cli('spawn', ...args, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return spawned.parse(JSON.parse(result.stdout));
  };

  beforeAll(() => {
    repo = createToyRepo({ budget: { attempts: 4 } });
  });
  afterAll(async () => {
    // Let the driver give the run up before the repository goes.
    await cli('wait', '--all', '--timeout', '60s');
    for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await cli('status', '--json')).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 200));
    repo.cleanup();
  });

  it('spawns explorers from the baseline and a merge, waits, and status shows them as if swarm run had planned them', async () => {
    const first = await spawnJson('--baseline', '--role', 'explorer');
    const second = await spawnJson('--baseline', '--role', 'explorer', '--context', 'the baseline scores -13');
    expect(first.run).toBe('r1');
    expect([first.operator, second.operator]).toEqual(['explore', 'explore']);
    const firstWait = waited.parse(JSON.parse((await cli('wait', first.id, second.id, '--json')).stdout));
    expect(firstWait.timedOut).toBe(false);
    expect(firstWait.attempts.map((a) => a.status)).toEqual(['scored', 'scored']);

    const merge = await spawnJson('--parents', `${first.id},${second.id}`, '--role', 'explorer', '--informed-by', first.id);
    expect(merge.operator).toBe('merge');
    const mergeWait = await cli('wait', merge.id);
    expect(mergeWait.code).toBe(0);
    expect(mergeWait.stdout).toMatch(new RegExp(`^${merge.id} explorer from ${first.id}\\+${second.id}: -?\\d`));

    const status = statusSchema.parse(JSON.parse((await cli('status', '--json')).stdout));
    const baseline = status.baseline?.id ?? '';
    expect(status.baseline?.score).toBe(-13);
    const byId = new Map(status.attempts.map((a) => [a.id, a]));
    expect(byId.get(first.id)).toMatchObject({ role: 'explorer', operator: 'explore', parents: [baseline], status: 'scored' });
    expect(byId.get(merge.id)).toMatchObject({ role: 'explorer', operator: 'merge', parents: [first.id, second.id], status: 'scored' });
    expect(status.attempts.every((a) => a.status === 'scored' && a.score !== null)).toBe(true);
    expect(status.run.attemptsUsed).toBe(3);

    // The same records a planned attempt gets: branch with trailers, findings entry, edges.
    expect(repo.git('log', '--format=%B', '-n', '3', `swarm/r1/${merge.id}`)).toContain(`Swarm-Parent: ${first.id}, ${second.id}`);
    expect(repo.git('show', `swarm/r1/${merge.id}:findings.md`)).toContain(`- ${merge.id} (`);
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    const edges = db.prepare('SELECT from_id, kind FROM edges WHERE to_id = ? ORDER BY kind, position').all(merge.id);
    db.close();
    expect(edges).toEqual([{ from_id: first.id, kind: 'informed_by' }, { from_id: second.id, kind: 'merge' }, { from_id: first.id, kind: 'parent' }]);
  }, 120_000);

  it('spawns an optimizer on the leader, refuses a second one on the same parent, and the budget then stops spawn with exit 2', async () => {
    const status = statusSchema.parse(JSON.parse((await cli('status', '--json')).stdout));
    const leader = status.best?.id ?? '';
    const optimizer = await spawnJson('--parent', leader, '--role', 'optimizer');
    expect(optimizer.operator).toBe('deepen');
    const twice = await cli('spawn', '--parent', leader, '--role', 'optimizer');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(`optimizer ${optimizer.id} of ${leader} is still running`);
    // Everything finished since the last wait returned: the optimizer, and the baseline no wait had returned yet.
    const all = waited.parse(JSON.parse((await cli('wait', '--all', '--json')).stdout)).attempts;
    expect(all.map((a) => a.id)).toEqual([status.baseline?.id, optimizer.id]);
    expect(all.every((a) => a.status === 'scored' && a.score !== null)).toBe(true);

    const spent = await cli('spawn', '--baseline', '--role', 'explorer');
    expect(spent.code).toBe(2);
    expect(spent.stderr).toContain('attempt budget of 4 reached; no attempt spawned');
  }, 120_000);

  it('refuses unclear requests with exit 2', async () => {
    const both = await cli('spawn', '--baseline', '--parent', 'a2', '--role', 'explorer');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('exactly one of --parent');
    const optimizerFromBaseline = await cli('spawn', '--baseline', '--role', 'optimizer');
    expect(optimizerFromBaseline.code).toBe(2);
    expect(optimizerFromBaseline.stderr).toContain('exactly one --parent');
  });
});

describe('swarm wait --all after the attempts already finished', () => {
  it('returns every attempt finished since the last wait returned, with scores, then nothing new; --since picks the start', async () => {
    const repo = createToyRepo({ budget: { attempts: 5 } });
    const cli = (...args: string[]): Promise<CliResult> => runCli(repo.dir, args, ENV);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(spawned.parse(JSON.parse((await cli('spawn', '--baseline', '--role', 'explorer', '--json')).stdout)).id);
      // Finished before anyone waits: the Shepherd was busy elsewhere.
      const finished = async (): Promise<boolean> => statusSchema.parse(JSON.parse((await cli('status', '--json')).stdout)).attempts.filter((a) => ids.includes(a.id)).every((a) => a.status !== 'running');
      for (let i = 0; i < 600 && !(await finished()); i++) await new Promise((r) => setTimeout(r, 200));
      expect(await finished()).toBe(true);
      const status = statusSchema.parse(JSON.parse((await cli('status', '--json')).stdout));
      const first = waited.parse(JSON.parse((await cli('wait', '--all', '--json')).stdout));
      expect(first.timedOut).toBe(false);
      expect(first.attempts.map((a) => a.id).sort()).toEqual([status.baseline?.id ?? '', ...ids].sort());
      for (const attempt of first.attempts) expect(attempt).toMatchObject({ status: 'scored', score: status.attempts.find((a) => a.id === attempt.id)?.score });
      // Recorded in the store: the next wait starts after them.
      expect(waited.parse(JSON.parse((await cli('wait', '--all', '--json')).stdout)).attempts).toEqual([]);
      // --since: the attempts that finished after the named one, in the order they finished.
      const order = first.attempts.map((a) => a.id);
      const since = waited.parse(JSON.parse((await cli('wait', '--all', '--since', order[1] ?? '', '--json')).stdout));
      expect(since.attempts.map((a) => a.id)).toEqual(order.slice(2));
      const unknown = await cli('wait', '--since', 'a99');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('no attempt a99 in run r1');
    } finally {
      for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await cli('status', '--json')).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 200));
      repo.cleanup();
    }
  }, 180_000);
});

describe('spawns started together', () => {
  it('share one driver and one run: three ids, all scored', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 } });
    try {
      const results = await Promise.all([1, 2, 3].map(() => runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--json'], ENV)));
      expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
      const ids = results.map((r) => spawned.parse(JSON.parse(r.stdout)));
      expect(new Set(ids.map((r) => r.id)).size).toBe(3);
      expect(new Set(ids.map((r) => r.run))).toEqual(new Set(['r1']));
      const done = waited.parse(JSON.parse((await runCli(repo.dir, ['wait', ...ids.map((r) => r.id), '--json'], ENV)).stdout));
      expect(done.attempts.map((a) => a.status)).toEqual(['scored', 'scored', 'scored']);
      for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 200));
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
      const first = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--json'], hasty);
      expect(first.stderr).toBe('');
      const a = spawned.parse(JSON.parse(first.stdout));
      expect(waited.parse(JSON.parse((await runCli(repo.dir, ['wait', a.id, '--json'], hasty)).stdout)).attempts.map((x) => x.status)).toEqual(['scored']);
      for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 100));
      const second = await runCli(repo.dir, ['spawn', '--parent', a.id, '--role', 'optimizer', '--json'], hasty);
      expect(second.stderr).toBe('');
      const b = spawned.parse(JSON.parse(second.stdout));
      expect([b.run, b.parents, b.operator]).toEqual([a.run, [a.id], 'deepen']);
      expect(waited.parse(JSON.parse((await runCli(repo.dir, ['wait', b.id, '--json'], hasty)).stdout)).attempts.map((x) => x.status)).toEqual(['scored']);
      for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      repo.cleanup();
    }
  }, 120_000);
});

describe('an agent backend that cannot work', () => {
  it('refuses the spawn with exit 2 and the fix, as `swarm run` does, and records nothing', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 } });
    const env = { ...ENV, ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: '' };
    try {
      const refused = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--backend', 'anthropic', '--json'], env);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain('agent anthropic cannot work: the anthropic backend needs an API key: set the environment variable ANTHROPIC_API_KEY');
      expect(refused.stderr).toContain('no attempt spawned (fix it, or choose another --backend');
      const next = spawned.parse(JSON.parse((await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--json'], env)).stdout));
      expect(next.run).toBe('r1');
      expect(waited.parse(JSON.parse((await runCli(repo.dir, ['wait', next.id, '--json'], env)).stdout)).attempts[0]?.status).toBe('scored');
      const status = statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout));
      expect(status.attempts.map((a) => a.role)).toEqual(['baseline', 'explorer']);
      for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 200));
    } finally {
      repo.cleanup();
    }
  }, 120_000);
});

describe('the circuit breaker of a spawned run', () => {
  it('refuses spawns with exit 2 once it tripped, and --reset-breaker lifts it after the fix', async () => {
    const failing = ['node', '-e', 'console.error("the model refused: quota exhausted"); process.exit(3)'];
    const repo = createToyRepo({ budget: { attempts: 6 }, agent: { backend: 'command', maxConsecutiveFailures: 2, command: { argv: failing } } });
    try {
      const first = spawned.parse(JSON.parse((await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--json'], ENV)).stdout));
      const second = spawned.parse(JSON.parse((await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--json'], ENV)).stdout));
      const failed = waited.parse(JSON.parse((await runCli(repo.dir, ['wait', first.id, second.id, '--json'], ENV)).stdout));
      expect(failed.attempts.map((a) => a.status)).toEqual(['failed', 'failed']);

      const refused = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer'], ENV);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(/run r1 stopped: 2 attempts in a row \(a\d+, a\d+\) failed with the same agent error: .*quota exhausted/);
      expect(refused.stderr).toContain('then spawn again with --reset-breaker');
      const stillRefused = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--backend', 'local'], ENV);
      expect(stillRefused.code).toBe(2);

      const resumed = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--backend', 'local', '--reset-breaker', '--json'], ENV);
      expect(resumed.stderr).toBe('');
      const fixed = spawned.parse(JSON.parse(resumed.stdout));
      expect(fixed.run).toBe('r1');
      expect(waited.parse(JSON.parse((await runCli(repo.dir, ['wait', fixed.id, '--json'], ENV)).stdout)).attempts[0]?.status).toBe('scored');
      const status = statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout));
      expect(status.attempts.map((a) => a.status)).toEqual(['scored', 'failed', 'failed', 'scored']);
      for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 200));
    } finally {
      repo.cleanup();
    }
  }, 180_000);
});

describe('a baseline that does not evaluate', () => {
  it('fails the first spawn with the reason; once the evaluator is fixed a new run starts', async () => {
    const repo = createToyRepo({ evaluator: { command: 'node broken.js' } }, { 'broken.js': 'process.exit(3);\n' });
    try {
      const failed = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer'], ENV);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('baseline evaluation failed');
      writeFileSync(join(repo.dir, '.swarmrc.json'), readFileSync(join(repo.dir, '.swarmrc.json'), 'utf8').replace('node broken.js', 'node evaluate.js'));
      repo.git('commit', '-qam', 'fix the evaluator');
      const spawnedNow = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer', '--json'], ENV);
      expect(spawnedNow.code).toBe(0);
      expect(spawned.parse(JSON.parse(spawnedNow.stdout)).run).toBe('r2');
      expect((await runCli(repo.dir, ['wait', '--all'], ENV)).code).toBe(0);
      for (let i = 0; i < 50 && statusSchema.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 200));
    } finally {
      repo.cleanup();
    }
  }, 120_000);
});

describe('one live driver per repository', () => {
  it('spawn refuses while a `swarm run` drives the repository, with exit 2', async () => {
    const repo = createToyRepo({ budget: { attempts: 2 } });
    const run = startCli(repo.dir, ['run'], { TOY_EVAL_DELAY_MS: '1500' });
    try {
      // Until `swarm run` has claimed its run, status finds none.
      let running = false;
      for (let i = 0; i < 200 && !running; i++) {
        const status = await runCli(repo.dir, ['status', '--json']);
        running = status.code === 0 && statusSchema.parse(JSON.parse(status.stdout)).run.status === 'running';
        if (!running) await new Promise((r) => setTimeout(r, 50));
      }
      expect(running).toBe(true);
      const refused = await runCli(repo.dir, ['spawn', '--baseline', '--role', 'explorer']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/run r1 is being driven by `swarm run` \(process \d+\)/);
      expect((await run.done).code).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await run.done;
      repo.cleanup();
    }
  }, 120_000);
});
