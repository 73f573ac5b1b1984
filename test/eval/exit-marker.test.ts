import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvalOutcome } from '../../src/core/ports/index.js';
import { endOfStatus, readExitMarker } from '../../src/eval/exit-marker.js';
import { evalJobFiles, LocalEvaluatorRunner } from '../../src/eval/local-evaluator-runner.js';
import { recoverExitedJob } from '../../src/eval/recover-exited.js';
import { makeJob, makeTempDir, noAbort, nodeFixture } from './support.js';

// Issue 41, item 3: a recorded job leaves an exit record written by its wrapper, from which a
// resume rebuilds the outcome the runner returned.

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

const runner = new LocalEvaluatorRunner({ killGraceMs: 300 });
const record = { kind: 'official', commit: 'c0ffee', occurrence: 1 };

/** What a live outcome and a recovered one must agree on (the duration is measured differently). */
const comparable = ({ durationMs: _d, leftoverProcesses: _l, ...rest }: EvalOutcome): Omit<EvalOutcome, 'durationMs' | 'leftoverProcesses'> => rest;

describe('the exit record of a recorded evaluator job', () => {
  it('is written when the evaluator exits, and rebuilds the outcome the runner returned', async () => {
    const job = makeJob(dir, { stage: 'quick', seed: 4, record });
    const live = await runner.run(job, noAbort());
    expect(live).toMatchObject({ valid: true, score: 0.75, exitCode: 0 });
    const files = evalJobFiles(job);
    const marker = await readExitMarker(files.exit);
    expect(marker).toMatchObject({ kind: 'official', stage: 'quick', seed: 4, commit: 'c0ffee', occurrence: 1, status: 0 });
    expect(existsSync(files.captured)).toBe(true);
    expect(comparable((await recoverExitedJob(job))!)).toEqual(comparable(live));
  });

  it('belongs to one job: another commit, kind or occurrence finds nothing', async () => {
    const job = makeJob(dir, { record });
    await runner.run(job, noAbort());
    expect(await recoverExitedJob({ ...job, record: { ...record, commit: 'other' } })).toBeNull();
    expect(await recoverExitedJob({ ...job, record: { ...record, kind: 'confirm' } })).toBeNull();
    expect(await recoverExitedJob({ ...job, record: { ...record, occurrence: 2 } })).toBeNull();
    expect(await recoverExitedJob({ ...job, seed: 1, record })).toBeNull();
    expect(await recoverExitedJob({ ...job, record: undefined })).toBeNull();
  });

  it('keeps the exit code and the signal as the runner reports them', async () => {
    const failing = makeJob(dir, { command: nodeFixture('exit-code.js', '3'), record });
    const live = await runner.run(failing, noAbort());
    expect(live).toMatchObject({ exitCode: 3, signal: null, valid: false });
    expect(comparable((await recoverExitedJob(failing))!)).toEqual(comparable(live));
    const killed = makeJob(dir, { seed: 2, command: 'echo \'{"score": 1}\'; sh -c \'kill -SEGV $$\'', record });
    const ended = await runner.run(killed, noAbort());
    expect(ended).toMatchObject({ exitCode: null, signal: 'SIGSEGV', valid: false });
    expect(comparable((await recoverExitedJob(killed))!)).toEqual(comparable(ended));
    expect(endOfStatus(137)).toEqual({ exitCode: null, signal: 'SIGKILL' });
    expect(endOfStatus(148)).toEqual({ exitCode: 148, signal: null }); // SIGTSTP would stop the wrapper
  });

  it('is not written for a job stopped by its timeout, nor by a cancel', async () => {
    const slow = makeJob(dir, { command: 'sleep 30', timeoutMs: 300, record });
    expect((await runner.run(slow, noAbort())).timedOut).toBe(true);
    expect(existsSync(evalJobFiles(slow).exit)).toBe(false);
    expect(await recoverExitedJob(slow)).toBeNull();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 300);
    const canceled = makeJob(dir, { seed: 3, command: 'sleep 30', record });
    await runner.run(canceled, stop.signal);
    expect(existsSync(evalJobFiles(canceled).exit)).toBe(false);
  });

  it('of an earlier run of the same job is removed when it starts again', async () => {
    const job = makeJob(dir, { record });
    await runner.run(job, noAbort());
    expect(existsSync(evalJobFiles(job).exit)).toBe(true);
    await runner.run({ ...job, command: 'sleep 30', timeoutMs: 300 }, noAbort());
    expect(existsSync(evalJobFiles(job).exit)).toBe(false);
    expect(await readFile(evalJobFiles(job).stdout, 'utf8')).toBe('');
  });

  it('without the driver’s mark of complete logs, is trusted only for a clean exit with a result file', async () => {
    const result = `echo '{"score": 2}' > "$SWARM_RESULT_FILE"`;
    const clean = makeJob(dir, { command: result, record });
    const live = await runner.run(clean, noAbort());
    await rm(evalJobFiles(clean).captured);
    expect(comparable((await recoverExitedJob(clean))!)).toEqual(comparable(live));
    const failed = makeJob(dir, { seed: 5, command: `${result}; exit 1`, record });
    await runner.run(failed, noAbort());
    await rm(evalJobFiles(failed).captured);
    expect(await recoverExitedJob(failed)).toBeNull();
    const printed = makeJob(dir, { seed: 6, record });
    await runner.run(printed, noAbort());
    await rm(evalJobFiles(printed).captured);
    expect(await recoverExitedJob(printed)).toBeNull();
  });

  it('is not written for a job that is not recorded (self-evaluations, held-out runs)', async () => {
    const job = makeJob(dir);
    await runner.run(job, noAbort());
    expect(existsSync(evalJobFiles(job).exit)).toBe(false);
    expect(existsSync(evalJobFiles(job).captured)).toBe(false);
  });
});
