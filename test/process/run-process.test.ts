import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../src/process/liveness.js';
import { runProcess } from '../../src/process/run-process.js';
import { fixture, makeTempDir } from '../eval/support.js';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

const readPid = async (file: string): Promise<number> => Number((await readFile(file, 'utf8')).trim());

describe('runProcess', () => {
  it('returns the exit code and both outputs as a value, final newline stripped', async () => {
    const result = await runProcess('/bin/sh', ['-c', 'echo out; echo err >&2; exit 3'], { cwd: dir });
    expect(result).toMatchObject({ exitCode: 3, signal: null, stdout: 'out', stderr: 'err', timedOut: false, isCanceled: false, startError: null });
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it('feeds stdin text, keeps a final newline when asked, and returns raw bytes', async () => {
    const text = await runProcess('cat', [], { input: 'one\n', keepFinalNewline: true });
    expect(text.stdout).toBe('one\n');
    const bytes = await runProcess('/bin/sh', ['-c', 'printf "\\377\\000x"'], { bytes: true });
    expect([...bytes.stdout]).toEqual([0xff, 0x00, 0x78]);
  });

  it('passes only the given environment when extendEnv is false', async () => {
    const result = await runProcess('/usr/bin/env', [], { env: { ONLY: 'this' }, extendEnv: false });
    expect(result.stdout.split('\n')).toEqual(['ONLY=this']);
  });

  it('returns a program that cannot start as a value naming why', async () => {
    const result = await runProcess('swarm-no-such-program', ['--version']);
    expect(result.exitCode).toBeNull();
    expect(result.startError).toMatch(/ENOENT/);
  });

  it('reports a timeout, and with tree isolation stops a grandchild that ignores SIGTERM', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const marker = join(dir, 'sigterm.txt');
    const result = await runProcess('/bin/sh', ['-c', `"${process.execPath}" "${fixture('grandchild-hang.js')}" "${pidFile}" "${marker}" & while [ ! -s "${pidFile}" ]; do sleep 0.05; done; wait`], {
      timeoutMs: 1500, isolation: 'tree', killGraceMs: 300,
    });
    expect(result).toMatchObject({ timedOut: true, isCanceled: false, exitCode: null });
    expect(await readFile(marker, 'utf8')).toContain('SIGTERM ignored');
    expect(await isProcessAlive(await readPid(pidFile))).toBe(false);
  });

  it('reports an abort as canceled and stops a setsid daemon of the tree', async () => {
    const pidFile = join(dir, 'daemon.pid');
    const controller = new AbortController();
    const running = runProcess(process.execPath, [fixture('setsid-daemon.js'), pidFile, 'hang'], { signal: controller.signal, isolation: 'tree', killGraceMs: 300 });
    while ((await readFile(pidFile, 'utf8').catch(() => '')) === '') await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ isCanceled: true, timedOut: false, exitCode: null });
    expect(await isProcessAlive(await readPid(pidFile))).toBe(false);
  });
});
