import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evalJobFiles, LocalEvaluatorRunner } from '../../src/eval/local-evaluator-runner.js';
import { isProcessAlive } from '../../src/process/liveness.js';
import { makeJob, makeTempDir, noAbort, nodeFixture } from './support.js';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

const runner = new LocalEvaluatorRunner({ killGraceMs: 300 });
const run = (fields: Parameters<typeof makeJob>[1]) => runner.run(makeJob(dir, fields), noAbort());

describe('LocalEvaluatorRunner', () => {
  it('scores a good evaluator and keeps its extras, tails and full logs', async () => {
    const outcome = await run({ stage: 'quick', seed: 4 });
    expect(outcome).toMatchObject({
      valid: true, score: 0.75, reason: null, metrics: { score: 0.75, loss: 0.25 }, feedback: 'all tests pass',
      instances: { a: 1, b: 0.5 }, artifacts: { plot: 'plot.png' }, exitCode: 0, timedOut: false, jobId: null,
    });
    expect(outcome.stderrTail).toBe('a warning on stderr\n');
    const files = evalJobFiles(makeJob(dir, { stage: 'quick', seed: 4 }));
    expect(files.stdout).toBe(join(dir, 'logs', 'quick-4.stdout.log'));
    expect(await readFile(files.stdout, 'utf8')).toContain('evaluating candidate...');
    expect(await readFile(files.stderr, 'utf8')).toBe('a warning on stderr\n');
  });

  it('marks a non-zero exit invalid but records the metrics it printed', async () => {
    const outcome = await run({ command: nodeFixture('exit-code.js', '3') });
    expect(outcome).toMatchObject({ valid: false, score: null, exitCode: 3, reason: 'evaluator exited with code 3: Traceback: something broke', metrics: { score: 0.5, loss: 1 } });
    expect(outcome.stderrTail).toContain('Traceback');
  });

  it('explains output with no JSON object', async () => {
    const outcome = await run({ command: nodeFixture('garbage.js') });
    expect(outcome.valid).toBe(false);
    expect(outcome.reason).toBe('evaluator printed no JSON object (expected {"score": ...} as the last stdout line or in $SWARM_RESULT_FILE)');
    expect(outcome.stdoutTail).toContain('not json {');
  });

  it('treats Python-style NaN as invalid and drops non-finite metrics', async () => {
    const outcome = await run({ command: nodeFixture('nan.js') });
    expect(outcome).toMatchObject({ valid: false, score: null, reason: 'metric "score" is NaN', metrics: { ok: 1 } });
    const other = await run({ command: nodeFixture('nan.js'), metric: 'ok' });
    expect(other).toMatchObject({ valid: true, score: 1 });
  });

  it('names a missing primary metric and the keys that were printed', async () => {
    const outcome = await run({ command: nodeFixture('print.js', '{"accuracy": 0.9, "loss": 1}') });
    expect(outcome.reason).toMatch(/^metric "score" missing from evaluator output \(keys: accuracy, loss\)/);
  });

  it('honours valid: false from the evaluator', async () => {
    const outcome = await run({ command: nodeFixture('print.js', '{"score": 1, "valid": false, "feedback": "compile error"}') });
    expect(outcome).toMatchObject({ valid: false, score: null, feedback: 'compile error', reason: 'evaluator reported valid: false: compile error' });
  });

  it('reads $SWARM_RESULT_FILE before stdout and passes the evaluator contract environment', async () => {
    const job = makeJob(dir, { command: nodeFixture('result-file.js'), stage: 'full', seed: 9, env: { MY_VAR: 'mine', SWARM_STAGE: 'overridden?' } });
    const files = evalJobFiles(job);
    const outcome = await runner.run(job, noAbort());
    expect(outcome.score).toBe(2);
    expect(outcome.artifacts).toEqual({
      stage: 'full', seed: '9', worktree: dir, resultFile: files.result, cuda: process.env.CUDA_VISIBLE_DEVICES ?? '<unset>', custom: 'mine', cwd: dir,
    });
  });

  it('deletes a stale result file before running', async () => {
    const job = makeJob(dir, { command: nodeFixture('print.js', '{"score": 5}') });
    await runner.run(makeJob(dir, { command: nodeFixture('result-file.js') }), noAbort());
    const outcome = await runner.run(job, noAbort());
    expect(outcome.score).toBe(5);
  });

  it('reports an unusable result file', async () => {
    const job = makeJob(dir, { command: `echo oops > "$SWARM_RESULT_FILE"; ${nodeFixture('print.js', '{"score": 1}')}` });
    const outcome = await runner.run(job, noAbort());
    expect(outcome.valid).toBe(false);
    expect(outcome.reason).toContain(`evaluator wrote ${evalJobFiles(job).result} ($SWARM_RESULT_FILE) but it is not a JSON object`);
  });

  it('takes the last JSON line even when log lines follow it', async () => {
    const outcome = await run({ command: nodeFixture('json-then-garbage.js') });
    expect(outcome).toMatchObject({ valid: true, score: 2, metrics: { score: 2, loss: 0.5 } });
  });

  it('accepts a pretty-printed result at the end of stdout', async () => {
    const outcome = await run({ command: nodeFixture('pretty.js') });
    expect(outcome).toMatchObject({ valid: true, score: 4.5, instances: { a: 1 } });
  });

  it('keeps only the tail of large output but logs all of it and still finds the result', async () => {
    const small = new LocalEvaluatorRunner({ tailBytes: 500 });
    const job = makeJob(dir, { command: nodeFixture('chatty.js', '20000') });
    const outcome = await small.run(job, noAbort());
    expect(outcome.score).toBe(20000);
    expect(Buffer.byteLength(outcome.stdoutTail)).toBeLessThanOrEqual(500);
    expect(outcome.stdoutTail.endsWith('{"score":20000}\n')).toBe(true);
    expect(outcome.stderrTail.endsWith(`err 19999 ${'x'.repeat(80)}\n`)).toBe(true);
    const logged = await readFile(evalJobFiles(job).stdout, 'utf8');
    expect(logged.startsWith('out 0 ')).toBe(true);
    expect(logged.split('\n')).toHaveLength(20002);
  });

  it('times out a hanging evaluator with an actionable reason', async () => {
    const outcome = await run({ command: nodeFixture('hang.js'), timeoutMs: 500 });
    expect(outcome).toMatchObject({ valid: false, timedOut: true, score: null });
    expect(outcome.reason).toBe('evaluator timed out after 0.5 s (stage main); raise evaluator.timeout or make the evaluator faster');
  });

  it('leaves no grandchild alive after a timeout', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const outcome = await run({ command: nodeFixture('grandchild-hang.js', pidFile, join(dir, 'sigterm.txt')), timeoutMs: 1500 });
    expect(outcome.timedOut).toBe(true);
    expect(await isProcessAlive(Number(await readFile(pidFile, 'utf8')))).toBe(false);
  });

  it('treats an abort as a cancellation', async () => {
    const controller = new AbortController();
    const running = runner.run(makeJob(dir, { command: nodeFixture('hang.js') }), controller.signal);
    setTimeout(() => controller.abort(), 300);
    expect(await running).toMatchObject({ valid: false, timedOut: false, reason: 'evaluation canceled' });
  });

  it('reports a missing working directory as an invalid outcome', async () => {
    const outcome = await run({ cwd: join(dir, 'gone') });
    expect(outcome.valid).toBe(false);
    expect(outcome.reason).toMatch(/^could not start evaluator: working directory .*gone does not exist/);
  });
});

describe('LocalEvaluatorRunner with GPUs', () => {
  it('gives each running job its own GPU and queues the rest', async () => {
    const gpuRunner = new LocalEvaluatorRunner({ gpus: ['0', '1'] });
    const trace = join(dir, 'trace.txt');
    await writeFile(trace, '');
    const outcomes = await Promise.all([0, 1, 2, 3].map((seed) =>
      gpuRunner.run(makeJob(dir, { command: nodeFixture('gpu-slot.js', trace), seed }), noAbort())));
    expect(outcomes.every((o) => o.valid)).toBe(true);
    const events = (await readFile(trace, 'utf8')).trim().split('\n');
    expect(events).toHaveLength(8);
    const busy = new Set<string>();
    for (const event of events) {
      const [kind, gpu = ''] = event.split(' ');
      expect(['0', '1']).toContain(gpu);
      if (kind === 'start') {
        expect(busy.has(gpu)).toBe(false);
        busy.add(gpu);
      } else {
        busy.delete(gpu);
      }
    }
  });

  it('returns a canceled outcome for a job aborted while waiting for a GPU', async () => {
    const gpuRunner = new LocalEvaluatorRunner({ gpus: ['0'] });
    const holder = new AbortController();
    const holding = gpuRunner.run(makeJob(dir, { command: nodeFixture('hang.js') }), holder.signal);
    const waiter = new AbortController();
    const waiting = gpuRunner.run(makeJob(dir, { seed: 1 }), waiter.signal);
    waiter.abort();
    expect(await waiting).toMatchObject({ valid: false, reason: 'evaluation canceled', durationMs: 0 });
    holder.abort();
    expect((await holding).reason).toBe('evaluation canceled');
  });
});

describe('GPU locks shared between processes', () => {
  it('never gives one GPU to two runners sharing a lock directory, and takes over a dead owner’s lock', async () => {
    const locks = join(dir, 'gpu-locks');
    await mkdir(locks, { recursive: true });
    // A lock left by a process that no longer exists (a SIGKILLed run).
    await writeFile(join(locks, 'gpu-0.lock'), '999999999');
    const shepherd = new LocalEvaluatorRunner({ gpus: ['0'], gpuLockDir: locks });
    const agentEval = new LocalEvaluatorRunner({ gpus: ['0'], gpuLockDir: locks });
    const trace = join(dir, 'trace.txt');
    await writeFile(trace, '');
    const outcomes = await Promise.all([shepherd, agentEval, shepherd, agentEval].map((runner, seed) =>
      runner.run(makeJob(dir, { command: nodeFixture('gpu-slot.js', trace), seed }), noAbort())));
    expect(outcomes.every((o) => o.valid)).toBe(true);
    const events = (await readFile(trace, 'utf8')).trim().split('\n');
    expect(events).toHaveLength(8);
    // With one GPU, every start is followed by its end before the next start.
    events.forEach((event, index) => expect(event).toBe(index % 2 === 0 ? 'start 0' : 'end 0'));
    expect(await readdir(locks)).toEqual([]);
  });
});
