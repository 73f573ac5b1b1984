import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToyRepo, runCli, startCli, type ToyRepo } from '../../support/toy-repo.js';

/**
 * `swarm run` as the user sees it: the exit code (0 fine, 1 a problem or a failed run, 2 usage or
 * config, 130 interrupted) and the summary lines on stdout (or the result as JSON). What the runs
 * record is tested through the API (test/app/run/fail-loud.test.ts and the other run tests).
 */

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

const toyRepo = (config: Record<string, unknown> = {}, files: Record<string, string> = {}): ToyRepo => {
  const repo = createToyRepo(config, files);
  repos.push(repo);
  return repo;
};

// An agent CLI that cannot reach its model: every attempt fails with the same error.
const FAILING_AGENT = { backend: 'command', command: { argv: ['sh', '-c', 'echo "agent: the model endpoint refused the key" >&2; exit 3'] } };

const resultSchema = z.object({
  runId: z.string(),
  status: z.string(),
  stopReason: z.string(),
  attempts: z.object({ scored: z.number(), invalid: z.number(), failed: z.number(), interrupted: z.number() }),
  problem: z.string().nullable(),
});

const runningAttempts = (repo: ToyRepo): number => {
  const file = join(repo.dir, '.swarm', 'swarm.db');
  if (!existsSync(file)) return 0;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return z.number().parse(db.prepare("SELECT COUNT(*) FROM attempts WHERE role != 'baseline' AND status = 'running'").pluck().get());
    } finally {
      db.close();
    }
  } catch {
    return 0; // mid-migration: poll again
  }
};

describe('swarm run: exit codes and the summary', () => {
  it('exit 0: the run line, the baseline and best, the outcome counts and where to look next', async () => {
    const repo = toyRepo({ budget: { attempts: 3 } });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^run r1 finished: /);
    expect(lines[1]).toMatch(/^baseline a1: -13 · best: a\d+ with -?\d/);
    expect(lines).toContainEqual(expect.stringMatching(/^attempts: \d scored, \d invalid, \d failed$/));
    expect(lines.at(-1)).toBe('see `swarm status`, `swarm graph`, `swarm show <attempt>`');
    expect(run.stdout).not.toContain('problem:');
    // The progress lines go to stderr.
    expect(run.stderr).toContain('run r1 started');
  }, 120_000);

  it('exit 0 but said: agents that changed nothing, and no attempt better than the baseline', async () => {
    const repo = toyRepo({ budget: { attempts: 2 }, concurrency: { agents: 1 }, shepherd: { initialExplorers: 2, waveSize: 2 }, agent: { backend: 'command', command: { argv: ['sh', '-c', 'echo looked around'] } } });
    const run = await runCli(repo.dir, ['run']);
    expect(run.stdout).toContain('every attempt (2) changed nothing: no agent edit reached the code; `swarm show <attempt>` gives each one\'s reason');
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('no attempt improved on the baseline a1; the baseline is still the best');
  }, 120_000);

  it('exit 1 for a run that finished with a problem: the counts and a problem line; --json gives the result alone on stdout', async () => {
    const repo = toyRepo({ agent: { ...FAILING_AGENT, maxConsecutiveFailures: 0 }, budget: { attempts: 3 }, concurrency: { agents: 1 } });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('attempts: 0 scored, 0 invalid, 3 failed');
    expect(run.stdout).toContain('problem: no attempt beyond the baseline was scored (3 failed, 0 invalid)');
    const json = await runCli(repo.dir, ['run', '--new', '--json']);
    expect(json.code).toBe(1);
    const result = resultSchema.parse(JSON.parse(json.stdout));
    expect(result).toMatchObject({ runId: 'r2', status: 'finished', attempts: { scored: 0, invalid: 0, failed: 3, interrupted: 0 } });
    expect(result.problem).toContain('no attempt beyond the baseline was scored');
  }, 120_000);

  it('exit 1 for a failed run: its stop reason on the run line, no problem line repeating it', async () => {
    const repo = toyRepo({ agent: FAILING_AGENT, budget: { attempts: 12 }, concurrency: { agents: 1 } });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('run r1 failed: 3 attempts in a row (a2, a3, a4) failed with the same agent error: sh exited with code 3: agent: the model endpoint refused the key');
    expect(run.stdout).not.toContain('problem:');
    expect(run.stderr).toContain('stopping: 3 attempts in a row');
  }, 120_000);

  it('exit 2 for a config the agent cannot work with: the reason on stderr, nothing recorded', async () => {
    const repo = toyRepo({}, { 'prog.js': 'const a = 1.0;\nconst b = 2.0;\nconsole.log(JSON.stringify({ value: -((a - 3) ** 2) - ((b + 1) ** 2) }));\n' });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agent local cannot work: no file in');
    expect(run.stderr).toContain('EVOLVE-BLOCK-START');
    expect(run.stdout).toBe('');
    expect(existsSync(join(repo.dir, '.swarm', 'swarm.db'))).toBe(false);
  }, 60_000);

  it('exit 2 for a usage error: --top without --from', async () => {
    const repo = toyRepo();
    const run = await runCli(repo.dir, ['run', '--top', '2']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--top counts the attempts imported with --from');
    expect(existsSync(join(repo.dir, '.swarm', 'swarm.db'))).toBe(false);
  }, 60_000);

  it('exit 130 on Ctrl-C: draining said on stderr, the run line says interrupted', async () => {
    const repo = toyRepo({ budget: { attempts: 6 } });
    const run = startCli(repo.dir, ['run', '--agents', '1'], { TOY_EVAL_DELAY_MS: '300' });
    const deadline = Date.now() + 60_000;
    while (runningAttempts(repo) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    run.child.kill('SIGINT');
    const drained = await run.done;
    expect(drained.code).toBe(130);
    expect(drained.stderr).toContain('draining: no new attempts; running ones finish and are recorded (Ctrl-C again to stop them now)');
    expect(drained.stdout).toMatch(/^run r1 interrupted: /);
  }, 120_000);
});
