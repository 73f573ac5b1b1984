import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandEvaluatorRunner, wrapCommand } from '../../src/eval/command-runner.js';
import { LocalEvaluatorRunner } from '../../src/eval/local-evaluator-runner.js';
import { makeJob, makeTempDir, noAbort, sh } from './support.js';

describe('wrapCommand', () => {
  it('puts the evaluator command where {command} stands: as sh -c, or inside an argument', () => {
    expect(wrapCommand(['srun', '--gpus=1', '{command}'], "python3 eval.py --name 'a b'")).toBe(`srun --gpus=1 sh -c 'python3 eval.py --name '\\''a b'\\'''`);
    expect(wrapCommand(['modal', 'run', 'app.py', '--cmd={command}'], 'make test')).toBe(`modal run app.py '--cmd=make test'`);
  });
});

describe('CommandEvaluatorRunner', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => temp.cleanup());

  it('runs the evaluator inside the wrapper, which sees the job environment', async () => {
    const runner = new CommandEvaluatorRunner(['env', 'WRAPPED=7', '{command}'], new LocalEvaluatorRunner());
    const command = `${sh(process.execPath)} -e ${sh('console.log(JSON.stringify({ score: Number(process.env.WRAPPED), seed: Number(process.env.SWARM_SEED) }))')}`;
    const outcome = await runner.run(makeJob(temp.dir, { command, seed: 4 }), noAbort());
    expect(outcome).toMatchObject({ valid: true, score: 7, metrics: { seed: 4 } });
  });

  it('times out and kills the wrapper with the evaluator under it', async () => {
    const runner = new CommandEvaluatorRunner(['sh', '-c', '{command}; echo never'], new LocalEvaluatorRunner({ killGraceMs: 200 }));
    const outcome = await runner.run(makeJob(temp.dir, { command: 'sleep 30', timeoutMs: 500 }), noAbort());
    expect(outcome).toMatchObject({ valid: false, timedOut: true });
    expect(outcome.stdoutTail).not.toContain('never');
  });
});
