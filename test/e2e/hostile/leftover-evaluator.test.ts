import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalEvaluatorRunner } from '../../../src/eval/local-evaluator-runner.js';
import { isProcessAlive } from '../../../src/process/liveness.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';
import { readRun } from './hostile-repo.js';

/**
 * An evaluator that prints its result and exits at once, leaving a child that ignores SIGTERM and
 * holds stdout open (and writes its pid to `pidFile`).
 */
const LEAVES_A_CHILD = `const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const child = spawn('/bin/sh', ['-c', 'trap "" TERM; while :; do sleep 1; done'], { stdio: ['ignore', 'inherit', 'inherit'] });
writeFileSync(process.env.PID_FILE ?? 'leftover.pid', String(child.pid));
child.unref();
console.log(JSON.stringify({ score: 1 }));
process.exit(0);
`;

describe('an evaluator that leaves a SIGTERM-proof child behind', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-leftover-'));
    writeFileSync(join(dir, 'eval.js'), LEAVES_A_CHILD);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('scores what it wrote before the limit; the leftover is killed and counted, the grace not charged to the limit', async () => {
    // The kill grace (4 s) is longer than the limit (1.5 s): the old timer ran out while the leftover was being stopped.
    const runner = new LocalEvaluatorRunner({ killGraceMs: 4_000 });
    const pidFile = join(dir, 'child.pid');
    const outcome = await runner.run(
      { command: 'node eval.js', cwd: dir, stage: 'default', seed: 1, timeoutMs: 1_500, env: { PID_FILE: pidFile }, logDir: join(dir, 'logs'), metric: 'score' },
      new AbortController().signal,
    );
    expect(outcome).toMatchObject({ valid: true, score: 1, timedOut: false, exitCode: 0, reason: null });
    expect(outcome.leftoverProcesses).toBeGreaterThan(0);
    expect(await isProcessAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  }, 30_000);
});

describe('swarm run with that evaluator', () => {
  let repo: ToyRepo;
  let result: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    repo = createToyRepo(
      { evaluator: { command: 'node leave.js && node evaluate.js', timeout: '2s' }, budget: { attempts: 1 }, shepherd: { initialExplorers: 1, waveSize: 1 }, concurrency: { agents: 1, evaluations: 1 } },
      { 'leave.js': LEAVES_A_CHILD.replace("console.log(JSON.stringify({ score: 1 }));\n", '') },
    );
    result = await runCli(repo.dir, ['run']);
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('scores the baseline and the attempt, flagged leftover-processes', () => {
    expect(result.code, result.stderr).toBe(0);
    const { attempts, baseline } = readRun({ repo });
    expect(baseline).toBe('scored');
    expect(attempts.map((a) => [a.status, a.flags.includes('leftover-processes')])).toEqual([['scored', true]]);
  });
});
