import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStatus } from '../../../src/app/queries/status.js';
import { statusJsonParts } from '../../../src/app/queries/status-json.js';
import { runSearch } from '../../../src/index.js';
import { CLI, createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// The installed `swarm` (dist/cli/bin.cjs) answers `status --json` from its own start-up path
// (issue 29); on the store of a real run (default settings, local agent) it prints what the full
// report prints.

const BIN = join(dirname(CLI), 'bin.cjs');

const runBin = (cwd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

/** Dollar sums to 1e-9: the start-up path adds them in SQLite (compensated), the full report row by row. */
const roundCosts = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(roundCosts);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'costUsd' && typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : roundCosts(v)]));
};

describe('swarm status --json on the store of a real run', () => {
  let repo: ToyRepo;
  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 6 }, shepherd: { mergeEvery: 2 } });
    expect((await runSearch({ cwd: repo.dir })).status).toBe('finished');
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('is answered by the start-up path, and prints what the full report prints (bin.cjs and main.js, --run)', async () => {
    expect(statusJsonParts({ cwd: repo.dir })).not.toBeNull();
    const full = JSON.stringify(roundCosts(JSON.parse(JSON.stringify(await getStatus({ cwd: repo.dir })))));
    for (const [entry, args] of [[BIN, ['status', '--json']], [BIN, ['status', '--run', 'r1', '--json']], [CLI, ['status', '--json', '--run=r1']]] as const) {
      const out = entry === BIN ? await runBin(repo.dir, [...args]) : await runCli(repo.dir, [...args]);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout.endsWith('}\n')).toBe(true);
      expect(JSON.stringify(roundCosts(JSON.parse(out.stdout)))).toBe(full);
    }
  });

  it('leaves errors to the full program: an unknown run is named as the full program names it', async () => {
    const out = await runBin(repo.dir, ['status', '--json', '--run', 'r9']);
    const full = await runCli(repo.dir, ['status', '--run', 'r9']);
    expect(out.stderr).toContain('no run r9');
    expect(out.stdout).toBe('');
    expect([out.code, out.stderr]).toEqual([full.code, full.stderr]);
  });
});
