import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

/** Feedback and, for attempt a2, a failure whose output retitles the terminal, recolours and rings. */
const NOISY_EVALUATOR = `const { execFileSync } = require('node:child_process');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
const noise = '\\u001b]0;pwned\\u0007\\u001b[31mvisible-red\\u001b[0m ring\\u0007 \\u001b[2Jcleared';
if (process.env.SWARM_ATTEMPT_ID === 'a2') {
  process.stderr.write('crash: ' + noise + '\\n');
  process.stdout.write('partial ' + noise + '\\n');
  process.exit(3);
}
console.log(JSON.stringify({ score: out.value, feedback: 'note ' + noise }));
`;

// eslint-disable-next-line no-control-regex -- the test looks for exactly these
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('terminal control sequences from evaluators', () => {
  let repo: ToyRepo;
  let run: CliResult;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 3 } }, { 'evaluate.js': NOISY_EVALUATOR });
    run = await runCli(repo.dir, ['run']);
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

  it("are stripped from swarm status and the run's progress lines", async () => {
    const status = await runCli(repo.dir, ['status']);
    expect(status.stdout).toContain('a2');
    expect(status.stdout).not.toMatch(CONTROL);
    expect(run.stderr).toContain('a2 explorer from a1: invalid');
    expect(run.stderr).not.toMatch(CONTROL);
  });

  it('are kept in the raw log files', () => {
    const logs = join(repo.dir, '.swarm', 'logs', 'a2');
    const stderrLog = readdirSync(logs).find((name) => name.endsWith('.stderr.log'));
    expect(stderrLog).toBeDefined();
    expect(readFileSync(join(logs, stderrLog ?? ''), 'utf8')).toContain('\u001b]0;pwned\u0007');
  });
});

describe('a baseline that fails with control sequences in its output', () => {
  let repo: ToyRepo;
  beforeAll(() => {
    const feedback = 'boom \\u001b]0;pwned\\u0007\\u001b[31mvisible';
    repo = createToyRepo({}, { 'evaluate.js': `console.log(JSON.stringify({ score: 0, valid: false, feedback: '${feedback}' }));\n` });
  });
  afterAll(() => repo.cleanup());

  it('stops the run with a stop reason printed clean', async () => {
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('baseline evaluation failed: evaluator reported valid: false: boom visible');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(CONTROL);
    expect((await runCli(repo.dir, ['status'])).stdout).not.toMatch(CONTROL);
  });
});
