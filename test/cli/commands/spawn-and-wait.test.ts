import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

// What `swarm spawn` and `swarm wait` parse and print; what they record is test/app/steer/spawn-and-wait.test.ts.

const spawned = z.object({ id: z.string(), run: z.string(), role: z.string(), operator: z.string(), parents: z.array(z.string()) });
const waited = z.object({ attempts: z.array(z.object({ id: z.string(), status: z.string(), score: z.number().nullable() })), timedOut: z.boolean(), driverGone: z.boolean() });

// The driver exits soon after its last attempt, so the test does not leave it waiting.
const ENV = { SWARM_SPAWN_IDLE_MS: '1500' };

describe('swarm spawn / swarm wait on the command line', () => {
  let repo: ToyRepo;
  const cli = (...args: string[]): Promise<CliResult> => runCli(repo.dir, args, ENV);

  beforeAll(() => {
    repo = createToyRepo({ budget: { attempts: 4 } });
  });
  afterAll(async () => {
    await cli('wait', '--all', '--timeout', '60s');
    for (let i = 0; i < 50 && z.object({ run: z.object({ status: z.string() }) }).parse(JSON.parse((await cli('status', '--json')).stdout)).run.status === 'running'; i++) await new Promise((r) => setTimeout(r, 200));
    repo.cleanup();
  });

  it('refuses two starting points with exit 2 before anything is recorded', async () => {
    const both = await cli('spawn', '--baseline', '--parent', 'a2', '--role', 'explorer');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('exactly one of --parent');
    const badRole = await cli('spawn', '--baseline', '--role', 'boss');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('expected explorer or optimizer, got "boss"');
  });

  it('prints the spawned attempt as JSON, wait prints one line per attempt, --json its result, and an unknown --since exits 2', async () => {
    const first = await cli('spawn', '--baseline', '--role', 'explorer', '--json');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const attempt = spawned.parse(JSON.parse(first.stdout));
    expect([attempt.run, attempt.role, attempt.operator]).toEqual(['r1', 'explorer', 'explore']);
    const waitedText = await cli('wait', attempt.id);
    expect(waitedText.code).toBe(0);
    expect(waitedText.stdout).toMatch(new RegExp(`^${attempt.id} explorer from ${attempt.parents[0] ?? ''}: -?\\d`));
    const plain = await cli('spawn', '--parent', attempt.id, '--role', 'optimizer');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^a\d+\n$/);
    const all = waited.parse(JSON.parse((await cli('wait', '--all', '--json')).stdout));
    expect(all.timedOut).toBe(false);
    expect(all.attempts.map((a) => a.id)).toContain(plain.stdout.trim());
    const unknown = await cli('wait', '--since', 'a99');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('swarm: no attempt a99 in run r1');
  }, 120_000);
});
