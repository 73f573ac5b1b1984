import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runSearch, status } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

// An evaluator whose true score is the program's value and whose measurement carries ±2 % noise,
// seeded by a counter outside the repository (reproducible from run to run, different from call
// to call, whatever SWARM_SEED says: the noise of a timing, not of a seed).
const NOISY_EVALUATOR = `const { readFileSync, writeFileSync } = require('node:fs');
const state = process.env.NOISE_STATE;
let n = 0;
try { n = Number(readFileSync(state, 'utf8')); } catch {}
writeFileSync(state, String(n + 1));
let t = (n * 2654435761 + 978) >>> 0;
t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
console.log(JSON.stringify({ score: require('./prog.js') * (1 + (u * 2 - 1) * 0.02) }));
`;

// A stand-in agent (the command backend): odd attempts add a comment only, even ones rewrite the
// program's value as a sum that changes nothing (a noise-sized change), or as IMPROVE says.
const AGENT = `const { appendFileSync, readFileSync, writeFileSync } = require('node:fs');
const id = process.env.SWARM_ATTEMPT_ID;
const improve = process.env.IMPROVE;
if (improve) {
  writeFileSync('prog.js', 'module.exports = ' + improve + ';\\n');
  console.log('prompt: 1766 chars');
  console.log('Raised the value to ' + improve + '.');
} else if (Number(id.slice(1)) % 2 === 1) {
  appendFileSync('prog.js', '// reviewed by ' + id + '\\n');
  console.log('Added a comment.');
} else {
  const k = Number(id.slice(1));
  const value = Number(require('./prog.js'));
  writeFileSync('prog.js', readFileSync('prog.js', 'utf8').replace(/module.exports = .*;/, 'module.exports = ' + (value - k) + ' + ' + k + ';'));
  console.log('Rewrote the value as a sum.');
}
`;

const noisyRepo = (improve: string | null, attempts: number): ToyRepo => {
  const state = mkdtempSync(join(tmpdir(), 'swarm-noise-'));
  const repo = createToyRepo(
    {
      evaluator: { command: 'node noisy.js', protect: ['noisy.js', 'agent.js'], env: { NOISE_STATE: join(state, 'count'), ...(improve === null ? {} : { IMPROVE: improve }) } },
      agent: { backend: 'command', command: { argv: ['node', '../../../agent.js'] } },
      budget: { attempts },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { policy: 'random', initialExplorers: 1, waveSize: 1 },
    },
    { 'noisy.js': NOISY_EVALUATOR, 'agent.js': AGENT, 'prog.js': 'module.exports = 100;\n' },
  );
  cleanups.push(() => repo.cleanup(), () => rmSync(state, { recursive: true, force: true }));
  return repo;
};

describe('crowning under a noisy evaluator', () => {
  it('never crowns comments-only or noise-sized changes: the best stays the baseline, the spread is said once', async () => {
    const repo = noisyRepo(null, 6);
    const lines: string[] = [];
    const result = await runSearch({ cwd: repo.dir, report: (line) => lines.push(line) });
    expect(result).toMatchObject({ status: 'finished', improved: false });
    const noiseLines = lines.filter((line) => line.startsWith('noise: '));
    expect(noiseLines).toHaveLength(1);
    expect(noiseLines[0]).toMatch(/the baseline's spread over 4 evaluations with 3 seeds is sd \d/);
    const report = await status({ cwd: repo.dir });
    const baseline = report.attempts.find((a) => a.role === 'baseline');
    expect(report.best?.id).toBe(baseline?.id);
    const attempts = report.attempts.filter((a) => a.role !== 'baseline');
    expect(attempts).toHaveLength(6);
    for (const a of attempts.filter((x) => x.flags.includes('comments-only'))) {
      // Exactly comments only: its parent's result, not a fresh draw of the noise.
      expect(a.flags.some((f) => f.startsWith('reused:'))).toBe(true);
    }
    expect(attempts.filter((a) => a.flags.includes('comments-only')).length).toBeGreaterThan(0);
    // The code changes were measured anew; those that scored above the baseline (two, with this
    // noise sequence) did so within the noise, and are flagged so.
    expect(attempts.filter((a) => a.flags.includes('within-noise')).length).toBeGreaterThan(0);
    for (const a of attempts.filter((x) => !x.flags.includes('comments-only') && x.status === 'scored')) {
      if ((a.score ?? 0) > (baseline?.score ?? 0)) expect(a.flags).toContain('within-noise');
    }
  }, 240_000);

  it('crowns a real improvement larger than the noise after its confirmations', async () => {
    const repo = noisyRepo('110', 1);
    const result = await runSearch({ cwd: repo.dir });
    expect(result).toMatchObject({ status: 'finished', improved: true });
    const report = await status({ cwd: repo.dir });
    const attempt = report.attempts.find((a) => a.role !== 'baseline');
    expect(report.best?.id).toBe(attempt?.id);
    expect(attempt?.flags).not.toContain('within-noise');
    expect(attempt?.score).toBeGreaterThan(105);
    // The command backend's summary is its last line, not "prompt: 1766 chars".
    expect(attempt?.summary).toBe('Raised the value to 110.');
  }, 240_000);
});
