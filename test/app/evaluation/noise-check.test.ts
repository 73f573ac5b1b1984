import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { evaluateRepeated } from '../../../src/index.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// An evaluator that ignores SWARM_SEED: the same program scores differently every time.
const NOISY = `console.log(JSON.stringify({ score: -13 + Math.random() }));\n`;
// One that draws its noise from SWARM_SEED: deterministic for a seed, different across seeds.
const SEEDED = `const seed = Number(process.env.SWARM_SEED); console.log(JSON.stringify({ score: -13 + ((seed * 7919) % 100) / 1000 }));\n`;

const repeated = z.object({
  metric: z.string(),
  runs: z.array(z.object({ seed: z.number(), valid: z.boolean(), score: z.number().nullable() })),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  deterministic: z.boolean().nullable(),
});

describe('noise checks', () => {
  let noisy: ToyRepo;
  let seeded: ToyRepo;
  let run: ApiRun;

  beforeAll(async () => {
    noisy = createToyRepo({ evaluator: { command: 'node noisy.js' }, budget: { attempts: 1 }, shepherd: { initialExplorers: 1 } }, { 'noisy.js': NOISY });
    seeded = createToyRepo({ evaluator: { command: 'node seeded.js' } }, { 'seeded.js': SEEDED });
    run = await runApi(noisy.dir);
  }, 120_000);

  afterAll(() => {
    noisy.cleanup();
    seeded.cleanup();
  });

  it('swarm run warns at the baseline when the same seed gives two scores', () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    expect(run.lines.join('\n')).toMatch(/warning: the baseline scored -12\.\d+ and then -12\.\d+ with seed 1: the evaluator is not deterministic for a seed/);
  });

  it('swarm eval --repeat reports the spread over seeds and whether a seed gives one score', async () => {
    const signal = new AbortController().signal;
    const parsed = repeated.parse(await evaluateRepeated({ cwd: seeded.dir, times: 3, seed: 5, signal }));
    expect(parsed.runs.every((r) => r.valid)).toBe(true);
    expect(parsed.runs.map((r) => r.seed)).toEqual([5, 6, 7, 5]);
    expect(parsed.deterministic).toBe(true);
    expect(parsed.sd).toBeGreaterThan(0);
    // The first swarm command in this repository was `swarm eval`: .swarm/ is excluded all the same.
    expect(seeded.git('status', '--porcelain')).toBe('');
    expect(parsed.mean).toBeCloseTo((parsed.runs[0]!.score! + parsed.runs[1]!.score! + parsed.runs[2]!.score!) / 3, 12);
    // Seeds 1 and 2 (shepherd.seed), then seed 1 again: two scores for one seed.
    const noisyRepeat = repeated.parse(await evaluateRepeated({ cwd: noisy.dir, times: 2, signal }));
    expect(noisyRepeat.runs.map((r) => r.seed)).toEqual([1, 2, 1]);
    expect(noisyRepeat.deterministic).toBe(false);
    expect(noisyRepeat.sd).toBeGreaterThan(0);
  });
});
