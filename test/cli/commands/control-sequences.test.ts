import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSearch } from '../../../src/index.js';
import { CONTROL, NOISY_EVALUATOR, NOISY_INVALID_BASELINE } from '../../support/control-noise.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// What the CLI prints of evaluator output with terminal control sequences; what the run records is test/app/queries/control-sequences.test.ts.
describe('terminal control sequences from evaluators, on the command line', () => {
  let repo: ToyRepo;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 3 } }, { 'evaluate.js': NOISY_EVALUATOR });
    expect((await runSearch({ cwd: repo.dir })).status).toBe('finished');
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('are stripped from swarm show, keeping the visible text', async () => {
    const failed = await runCli(repo.dir, ['show', 'a2', '--full']);
    expect(failed.stdout).toContain('crash: visible-red ring cleared');
    expect(failed.stdout).toContain('partial visible-red');
    const scored = await runCli(repo.dir, ['show', 'a1']);
    expect(scored.stdout).toContain('note visible-red ring cleared');
    for (const text of [failed.stdout, scored.stdout]) {
      expect(text).not.toMatch(CONTROL);
      expect(text).not.toContain('pwned');
    }
  });

  it('are stripped from swarm status', async () => {
    const status = await runCli(repo.dir, ['status']);
    expect(status.stdout).toContain('a2');
    expect(status.stdout).not.toMatch(CONTROL);
  });
});

describe('a baseline that fails with control sequences in its output, on the command line', () => {
  let repo: ToyRepo;
  beforeAll(() => {
    repo = createToyRepo({}, { 'evaluate.js': NOISY_INVALID_BASELINE });
  });
  afterAll(() => repo.cleanup());

  it('swarm run exits 1 with the stop reason printed clean, and status prints clean', async () => {
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('baseline evaluation failed: evaluator reported valid: false: boom visible');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(CONTROL);
    expect((await runCli(repo.dir, ['status'])).stdout).not.toMatch(CONTROL);
  });
});
