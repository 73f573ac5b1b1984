import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runSearch } from '../../../src/index.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// The held-out evaluator: another measure of the same program (value − 100).
const HELD_OUT = `const { execFileSync } = require('node:child_process');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value - 100 }));
`;

// What is scored and recorded is test/app/evaluation/held-out.test.ts's (through the API); here, what `swarm heldout` prints and its exit code.
describe('swarm heldout, as printed', () => {
  let repo: ToyRepo;

  beforeAll(async () => {
    repo = createToyRepo({ evaluator: { heldOut: { command: 'node heldout.js', finalists: 1 }, protect: ['evaluate.js', 'heldout.js'] }, budget: { attempts: 1 }, shepherd: { initialExplorers: 1 } }, { 'heldout.js': HELD_OUT });
    await runSearch({ cwd: repo.dir });
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('prints the scores of a named attempt as JSON, exiting 0, and as one line each', async () => {
    const json = await runCli(repo.dir, ['heldout', 'a1', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const scores = z.array(z.object({ attempt: z.literal('a1'), score: z.number(), heldOut: z.number(), valid: z.literal(true) })).length(1).parse(JSON.parse(json.stdout));
    expect(scores[0]?.heldOut).toBeCloseTo((scores[0]?.score ?? 0) - 100, 9);
    const text = await runCli(repo.dir, ['heldout', 'a1']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^a1: score -?\d\S* · held-out -\d\S*$/m);
  });
});
