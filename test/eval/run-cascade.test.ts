import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSwarmError } from '../../src/core/domain/errors.js';
import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../../src/core/ports/index.js';
import { LocalEvaluatorRunner } from '../../src/eval/local-evaluator-runner.js';
import { missedThreshold, runCascade, type CascadeStage } from '../../src/eval/run-cascade.js';
import { makeJob, makeTempDir, noAbort, nodeFixture } from './support.js';

const outcome = (fields: Partial<EvalOutcome>): EvalOutcome => ({
  metrics: {}, score: null, valid: true, reason: null, feedback: null, instances: null, artifacts: null,
  exitCode: 0, signal: null, timedOut: false, durationMs: 10, stdoutTail: '', stderrTail: '', jobId: null, ...fields,
});

/** A runner that answers from a table keyed by command and records the jobs it got. */
class ScriptedRunner implements EvaluatorRunner {
  readonly jobs: EvalJob[] = [];
  constructor(private readonly answers: Record<string, EvalOutcome>) {}
  async run(job: EvalJob): Promise<EvalOutcome> {
    this.jobs.push(job);
    const answer = this.answers[job.command];
    if (answer === undefined) throw new Error(`no scripted answer for ${job.command}`);
    return answer;
  }
}

const stage = (name: string, threshold: number | null = null): CascadeStage => ({ name, command: name, timeoutMs: 1000, threshold });
const base = { cwd: '/w', seed: 3, env: { A: '1' }, logDir: '/l', metric: 'score' };

describe('runCascade', () => {
  it('runs every stage in order and merges metrics, later stages winning', async () => {
    const runner = new ScriptedRunner({
      quick: outcome({ score: 0.6, metrics: { score: 0.6, compiled: 1 } }),
      full: outcome({ score: 0.8, metrics: { score: 0.8, loss: 2 }, durationMs: 30 }),
    });
    const result = await runCascade(runner, [stage('quick', 0.5), stage('full')], base, 'maximize', noAbort());
    expect(result.stoppedAt).toBeNull();
    expect(result.stopReason).toBeNull();
    expect(result.stages.map((s) => s.stage)).toEqual(['quick', 'full']);
    expect(result.final).toMatchObject({ valid: true, score: 0.8, metrics: { score: 0.8, compiled: 1, loss: 2 }, durationMs: 40 });
    expect(runner.jobs.map((j) => [j.stage, j.command, j.timeoutMs, j.seed, j.cwd])).toEqual([
      ['quick', 'quick', 1000, 3, '/w'], ['full', 'full', 1000, 3, '/w'],
    ]);
  });

  it('stops at an invalid stage, which becomes the final outcome', async () => {
    const runner = new ScriptedRunner({ quick: outcome({ valid: false, reason: 'evaluator exited with code 1' }) });
    const result = await runCascade(runner, [stage('quick'), stage('full')], base, 'maximize', noAbort());
    expect(result.stoppedAt).toBe('quick');
    expect(result.stopReason).toBe('stage quick is invalid: evaluator exited with code 1');
    expect(result.final).toMatchObject({ valid: false, reason: 'evaluator exited with code 1' });
    expect(runner.jobs).toHaveLength(1);
  });

  it('stops below a threshold but keeps the measurement valid', async () => {
    const runner = new ScriptedRunner({ quick: outcome({ score: 0.41, metrics: { score: 0.41 } }) });
    const result = await runCascade(runner, [stage('quick', 0.5), stage('full')], base, 'maximize', noAbort());
    expect(result).toMatchObject({ stoppedAt: 'quick', stopReason: 'stopped after stage quick: score 0.41 < threshold 0.5' });
    expect(result.final).toMatchObject({ valid: true, score: 0.41, reason: null });
    expect(runner.jobs).toHaveLength(1);
  });

  it('compares OpenEvolve thresholds with combined_score of the metrics so far, else their mean without error', async () => {
    const oe = (name: string, threshold: number | null): CascadeStage => ({ ...stage(name, threshold), thresholdOn: 'combined-or-mean' });
    // The objective (score) is far above the threshold; OpenEvolve compares combined_score and stops.
    const withCombined = new ScriptedRunner({ s1: outcome({ score: 9, metrics: { score: 9, combined_score: 0.3 } }) });
    const stopped = await runCascade(withCombined, [oe('s1', 0.5), oe('s2', null)], base, 'minimize', noAbort());
    expect(stopped).toMatchObject({ stoppedAt: 's1', stopReason: 'stopped after stage s1: score 0.3 < threshold 0.5' });
    // Without combined_score: the mean of the merged metrics of s1 and s2, error left out.
    const withMean = new ScriptedRunner({
      s1: outcome({ score: 1, metrics: { score: 1, error: 0 } }),
      s2: outcome({ score: 0.2, metrics: { score: 0.2, speed: 0.4 } }),
      s3: outcome({ score: 0.9, metrics: { score: 0.9 } }),
    });
    const mean = await runCascade(withMean, [oe('s1', 0.5), oe('s2', 0.35), oe('s3', null)], base, 'maximize', noAbort());
    expect(mean.stoppedAt).toBe('s2');
    expect(mean.stopReason).toBe('stopped after stage s2: score 0.3 < threshold 0.35');
    const passes = await runCascade(withMean, [oe('s1', 0.5), oe('s2', 0.3), oe('s3', null)], base, 'maximize', noAbort());
    expect(passes).toMatchObject({ stoppedAt: null, final: { score: 0.9 } });
  });

  it('refuses an empty cascade as a configuration error', async () => {
    const error: unknown = await runCascade(new ScriptedRunner({}), [], base, 'maximize', noAbort()).catch((e: unknown) => e);
    expect(isSwarmError(error) && error.code).toBe('CONFIG_INVALID');
  });
});

describe('missedThreshold', () => {
  it('compares in the direction of the objective, equality passing', () => {
    expect(missedThreshold({ name: 's', threshold: 0.5 }, 0.5, 'maximize')).toBeNull();
    expect(missedThreshold({ name: 's', threshold: 0.5 }, 0.4, 'maximize')).toMatch(/0\.4 < threshold 0\.5/);
    expect(missedThreshold({ name: 's', threshold: 0.5 }, 0.4, 'minimize')).toBeNull();
    expect(missedThreshold({ name: 's', threshold: 0.5 }, 0.6, 'minimize')).toMatch(/0\.6 > threshold 0\.5/);
    expect(missedThreshold({ name: 's', threshold: null }, -1e9, 'maximize')).toBeNull();
  });
});

describe('runCascade with the local runner', () => {
  let dir = '';
  let cleanup = async (): Promise<void> => undefined;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(() => cleanup());

  it('runs real stages, each with its own logs', async () => {
    const runner = new LocalEvaluatorRunner();
    const { command: _c, stage: _s, timeoutMs: _t, ...jobBase } = makeJob(dir);
    const stages: CascadeStage[] = [
      { name: 'quick', command: nodeFixture('good.js', '0.6'), timeoutMs: 20_000, threshold: 0.5 },
      { name: 'full', command: nodeFixture('exit-code.js', '2'), timeoutMs: 20_000, threshold: null },
    ];
    const result = await runCascade(runner, stages, jobBase, 'maximize', noAbort());
    expect(result.stages.map((s) => [s.stage, s.outcome.valid])).toEqual([['quick', true], ['full', false]]);
    expect(result.stoppedAt).toBe('full');
    expect(result.final).toMatchObject({ valid: false, score: null, reason: 'evaluator exited with code 2', metrics: { score: 0.5, loss: 1 } });
  });
});
