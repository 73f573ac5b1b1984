import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { show } from '../../../src/index.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { CONTROL, NOISY_EVALUATOR, NOISY_INVALID_BASELINE } from '../../support/control-noise.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// What `swarm show`, `swarm status` and `swarm run` print of such output: test/cli/commands/control-sequences.test.ts.
describe('terminal control sequences from evaluators', () => {
  let repo: ToyRepo;
  let run: ApiRun;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 3 } }, { 'evaluate.js': NOISY_EVALUATOR });
    run = await runApi(repo.dir);
  }, 120_000);
  afterAll(() => repo.cleanup());

  it("are stripped from the run's progress lines", () => {
    expect(run.result.status).toBe('finished');
    expect(run.lines.join('\n')).toContain('a2 explorer from a1: invalid');
    for (const line of run.lines) expect(line).not.toMatch(CONTROL);
  });

  it('are kept in the raw log files, and reach show as the evaluator wrote them', async () => {
    const logs = join(repo.dir, '.swarm', 'logs', 'a2');
    const stderrLog = readdirSync(logs).find((name) => name.endsWith('.stderr.log'));
    expect(stderrLog).toBeDefined();
    expect(readFileSync(join(logs, stderrLog ?? ''), 'utf8')).toContain('\u001b]0;pwned\u0007');
    const failed = await show({ cwd: repo.dir, attemptId: 'a2' });
    expect(failed.attempt.status).not.toBe('scored');
    expect(JSON.stringify(failed.evaluations)).toContain('visible-red');
  });
});

describe('a baseline that fails with control sequences in its output', () => {
  let repo: ToyRepo;
  beforeAll(() => {
    repo = createToyRepo({}, { 'evaluate.js': NOISY_INVALID_BASELINE });
  });
  afterAll(() => repo.cleanup());

  it('stops the run with the reason, and the progress lines clean', async () => {
    const { result, lines } = await runApi(repo.dir);
    expect(result.status).toBe('failed');
    expect(result.stopReason).toContain('baseline evaluation failed: evaluator reported valid: false: boom');
    expect(result.stopReason).toContain('visible');
    for (const line of lines) expect(line).not.toMatch(CONTROL);
  });
});
