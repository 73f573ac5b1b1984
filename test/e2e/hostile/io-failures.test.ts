import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

/** Runs the CLI with stdout sent to `/dev/full` (every write fails with ENOSPC, as on a full disk). */
const toFullDisk = (cwd: string, args: string[], entry = CLI): Promise<{ code: number | null; stderr: string }> =>
  new Promise((resolve) => {
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [entry, ...args], { cwd, stdio: ['ignore', full, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    closeSync(full);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });

/** Runs the CLI with a stdout pipe whose reader is gone before it writes (`| head -c 10` that finished first). */
const toClosedPipe = (cwd: string, args: string[]): Promise<{ code: number | null; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    child.stdout.destroy();
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });

describe('a full disk and a closed pipe end a command with one line and exit 1', () => {
  let repo: ToyRepo;
  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 1 }, shepherd: { initialExplorers: 1, waveSize: 1 } });
    await runCli(repo.dir, ['run']);
  }, 120_000);
  afterAll(() => repo.cleanup());

  it.each([['status', '--json'], ['graph', '--format', 'png'], ['--version']])('swarm %s onto a full disk', async (...args) => {
    const { code, stderr } = await toFullDisk(repo.dir, args);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^swarm: the disk is full \(ENOSPC\) writing .*; free space and run it again$/)]);
  }, 60_000);

  // The installed `swarm` is dist/cli/bin.cjs (CommonJS, for start-up): it answers --version itself.
  it.each([['--version'], ['status', '--json']])('the bin (dist/cli/bin.cjs) %s onto a full disk', async (...args) => {
    const { code, stderr } = await toFullDisk(repo.dir, args, join(dirname(CLI), 'bin.cjs'));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^swarm: the disk is full \(ENOSPC\) writing .*; free space and run it again$/)]);
  }, 60_000);

  it('swarm graph --format png | head -c 10', async () => {
    const { code, stderr } = await toClosedPipe(repo.dir, ['graph', '--format', 'png']);
    expect(code).toBe(1);
    expect(stderr).not.toMatch(/a bug|at .*\.js:\d+/);
    expect(stderr.trim().split('\n')).toEqual(['swarm: the output of `swarm graph` was closed before it was all written (EPIPE); nothing else is affected']);
  }, 60_000);
});
