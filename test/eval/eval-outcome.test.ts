import { describe, expect, it } from 'vitest';
import { canceledBeforeStart, evalOutcomeFrom, formatSeconds, type EvaluatorProcess } from '../../src/eval/eval-outcome.js';
import type { ParsedOutput } from '../../src/eval/parse-result.js';
import { reportFromObject } from '../../src/eval/parse-result.js';

const job = { metric: 'score', stage: 'main', timeoutMs: 5000 };
const ok: EvaluatorProcess = {
  exitCode: 0, signal: null, timedOut: false, canceled: false, durationMs: 12.4,
  stdoutTail: 'out', stderrTail: 'err', error: null,
};
const printed = (raw: Record<string, unknown>): ParsedOutput => ({ kind: 'report', report: reportFromObject(raw, 'stdout') });

describe('evalOutcomeFrom', () => {
  it('builds a valid outcome with score, extras and tails', () => {
    const outcome = evalOutcomeFrom(ok, printed({ score: 1.5, loss: 2, feedback: 'f', instances: { a: 1 } }), job, 'job-7');
    expect(outcome).toMatchObject({
      valid: true, score: 1.5, reason: null, metrics: { score: 1.5, loss: 2 }, feedback: 'f',
      instances: { a: 1 }, artifacts: null, exitCode: 0, timedOut: false, durationMs: 12,
      stdoutTail: 'out', stderrTail: 'err', jobId: 'job-7',
    });
  });

  it('keeps metrics but no score when the exit code is non-zero', () => {
    const outcome = evalOutcomeFrom({ ...ok, exitCode: 3 }, printed({ score: 1.5 }), job);
    expect(outcome).toMatchObject({ valid: false, score: null, reason: 'evaluator exited with code 3: err', metrics: { score: 1.5 } });
  });

  it('explains a timeout with the stage and the fix', () => {
    const outcome = evalOutcomeFrom({ ...ok, timedOut: true, exitCode: null, signal: 'SIGTERM' }, { kind: 'none' }, job);
    expect(outcome.reason).toBe('evaluator timed out after 5 s (stage main); raise evaluator.timeout or make the evaluator faster');
    expect(outcome.timedOut).toBe(true);
  });

  it('reports a signal death, a start failure, missing JSON and a bad result file', () => {
    expect(evalOutcomeFrom({ ...ok, exitCode: null, signal: 'SIGSEGV' }, printed({ score: 1 }), job).reason)
      .toBe('evaluator was killed by signal SIGSEGV: err');
    expect(evalOutcomeFrom({ ...ok, exitCode: null, error: 'spawn ENOENT' }, { kind: 'none' }, job).reason)
      .toMatch(/^could not start evaluator: spawn ENOENT/);
    expect(evalOutcomeFrom({ ...ok, stderrTail: '' }, { kind: 'none' }, job).reason)
      .toBe('evaluator printed no JSON object (expected {"score": ...} as the last stdout line or in $SWARM_RESULT_FILE)');
    // The line of stderr that names the error follows the reason, wherever the reason is shown.
    expect(evalOutcomeFrom({ ...ok, stderrTail: 'Traceback (most recent call last):\n  File "e.py", line 1\nKeyError: \'x\'\n' }, { kind: 'none' }, job).reason)
      .toMatch(/\$SWARM_RESULT_FILE\): KeyError: 'x'$/);
    expect(evalOutcomeFrom(ok, { kind: 'bad-result-file', path: '/l/r.json', error: 'boom' }, job).reason)
      .toMatch(/^evaluator wrote \/l\/r\.json \(\$SWARM_RESULT_FILE\) but it is not a JSON object \(boom\)/);
  });

  it('describes a job canceled before it started', () => {
    expect(canceledBeforeStart(job)).toMatchObject({ valid: false, reason: 'evaluation canceled', score: null, durationMs: 0 });
  });
});

describe('formatSeconds', () => {
  it('prints seconds the way users configure them', () => {
    expect(formatSeconds(5000)).toBe('5 s');
    expect(formatSeconds(250)).toBe('0.25 s');
    expect(formatSeconds(600_000)).toBe('600 s');
    expect(formatSeconds(12_345)).toBe('12 s');
  });
});
