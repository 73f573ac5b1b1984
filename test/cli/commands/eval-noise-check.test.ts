import { afterAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli } from '../../support/toy-repo.js';

// An evaluator that ignores SWARM_SEED: the same program scores differently every time.
const NOISY = `console.log(JSON.stringify({ score: -13 + Math.random() }));\n`;

// What the scores are is test/app/evaluation/noise-check.test.ts's (through the API); here, what the command prints.
describe('swarm eval --repeat, as printed', () => {
  const noisy = createToyRepo({ evaluator: { command: 'node noisy.js' } }, { 'noisy.js': NOISY });
  afterAll(() => noisy.cleanup());

  it('prints the spread over seeds and says the evaluator is not deterministic for a seed, exiting 0', async () => {
    const text = await runCli(noisy.dir, ['eval', '--repeat', '2']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^score over 2 seeds: mean -12\.\d+ · sd [\d.]+ · min -12\.\d+ · max -12\.\d+$/m);
    expect(text.stdout).toMatch(/^NOT deterministic for a seed: seed 1 scored differently twice/m);
  });
});
