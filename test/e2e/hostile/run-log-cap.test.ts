import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

/**
 * A run's logs bounded as a whole (log.maxRunLogBytes): an evaluator that floods 50 MB per run
 * and an agent that runs `swarm eval` in a loop both leave `.swarm/logs` under the cap as `du`
 * measures it; what was cut is said in the files, by events, in `swarm show` and `swarm status`.
 */

const MIB = 1024 * 1024;

/** The disk space of a folder as `du` counts it. */
const du = (dir: string): number => Number(execFileSync('du', ['-s', '--block-size=1', dir], { encoding: 'utf8' }).split('\t')[0]);

const FLOOD = `const line = 'x'.repeat(1023) + '\\n';
process.stdout.write('FIRST LINE\\n');
for (let i = 0; i < 50 * 1024; i++) process.stdout.write(line);
const out = JSON.parse(require('node:child_process').execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value }));
`;

/** Every file under `dir`. */
const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)).filter((f) => statSync(f).isFile());

const status = async (repo: ToyRepo): Promise<StatusReport> => JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;

describe('an evaluator that floods 50 MB per run', () => {
  const cap = 6 * MIB;
  let repo: ToyRepo;
  let run: CliResult;
  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 5 }, log: { maxRunLogBytes: cap } }, { 'evaluate.js': FLOOD });
    run = await runCli(repo.dir, ['run']);
  }, 240_000);
  afterAll(() => repo.cleanup());

  it('keeps .swarm/logs under log.maxRunLogBytes, each stream its head and tail', async () => {
    expect(run.code, run.stderr).toBe(0);
    const logs = join(repo.dir, '.swarm', 'logs');
    expect(du(logs)).toBeLessThanOrEqual(cap);
    const stdouts = filesUnder(logs).filter((f) => f.endsWith('.stdout.log'));
    expect(stdouts.length).toBeGreaterThanOrEqual(6);
    for (const file of stdouts) {
      const text = readFileSync(file, 'utf8');
      expect(text.startsWith('FIRST LINE\n')).toBe(true);
      expect(text).toMatch(/\[swarm: \d+ bytes of this (output|log) left out here/);
      expect(text.trimEnd()).toMatch(/\{"score":-?[\d.]+\}$/);
    }
    const report = await status(repo);
    expect(report.counts.scored).toBeGreaterThan(0);
    expect(report.space?.logCapBytes).toBe(cap);
    expect(report.space?.logBytes).toBeLessThanOrEqual(cap);
    expect(report.space?.dbBytes).toBeGreaterThan(0);
    const text = await runCli(repo.dir, ['status']);
    expect(text.stdout).toMatch(/space\s+logs [\d.]+ (KiB|MiB) of 6\.0 MiB \(log\.maxRunLogBytes\).* · worktrees \d+.* · db [\d.]+ (KiB|MiB)/);
  });
});

/** A command agent that edits prog.js, then runs `swarm eval` `times` times. */
const loopAgent = (times: number): string => `
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
writeFileSync('prog.js', readFileSync('prog.js', 'utf8').replace('const a = 1.0;', 'const a = 2.0;'));
for (let i = 0; i < ${times}; i++) execFileSync(process.env.SWARM_BIN, ['eval', '--json'], { encoding: 'utf8' });
console.log('Set a to 2.');
`;

const NOISY = `const line = 'y'.repeat(1023) + '\\n';
for (let i = 0; i < 1024; i++) { process.stdout.write(line); process.stderr.write(line); }
const out = JSON.parse(require('node:child_process').execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value }));
`;

describe('an agent that runs `swarm eval` in a loop', () => {
  const cap = 3 * MIB;
  let repo: ToyRepo;
  let scripts: string;
  let run: CliResult;
  beforeAll(async () => {
    scripts = mkdtempSync(join(tmpdir(), 'swarm-eval-loop-'));
    writeFileSync(join(scripts, 'agent.mjs'), loopAgent(20));
    repo = createToyRepo({
      agent: { backend: 'command', timeout: '600s', command: { argv: [process.execPath, join(scripts, 'agent.mjs'), '{prompt}'], output: 'text' } },
      budget: { attempts: 1 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
      log: { maxRunLogBytes: cap },
    }, { 'evaluate.js': NOISY });
    run = await runCli(repo.dir, ['run']);
  }, 400_000);
  afterAll(() => {
    repo.cleanup();
    rmSync(scripts, { recursive: true, force: true });
  });

  it('holds .swarm/logs under the cap by cutting finished evaluation logs, and says so', async () => {
    expect(run.code, run.stderr).toBe(0);
    const logs = join(repo.dir, '.swarm', 'logs');
    // 20 evaluations printed 2 MiB each.
    expect(du(logs)).toBeLessThanOrEqual(cap);
    const cut = filesUnder(logs).filter((f) => /log\.maxRunLogBytes keeps this run's logs under 3\.0 MiB/.test(readFileSync(f, 'utf8')));
    expect(cut.length).toBeGreaterThan(5);
    const report = await status(repo);
    expect(report.space?.logsDroppedBytes).toBeGreaterThan(MIB);
    expect(report.space?.logFilesTrimmed).toBeGreaterThanOrEqual(cut.length);
    const show = await runCli(repo.dir, ['show', 'a2']);
    expect(show.stdout).toMatch(/logs\s+.*— [\d.]+ MiB cut from \d+ files \(first and last lines kept; log\.maxRunLogBytes\)/);
    const json = JSON.parse((await runCli(repo.dir, ['show', 'a2', '--json'])).stdout) as { logsTrimmed: { files: number; droppedBytes: number } | null };
    expect(json.logsTrimmed?.droppedBytes).toBeGreaterThan(MIB);
  });
});
