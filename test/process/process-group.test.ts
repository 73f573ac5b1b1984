import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSwarmError } from '../../src/core/domain/errors.js';
import { isProcessAlive } from '../../src/process/liveness.js';
import { runProcessGroup, type ProcessGroupOptions } from '../../src/process/process-group.js';
import { fixture, makeTempDir, nodeFixture } from '../eval/support.js';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

const options = (fields: Partial<ProcessGroupOptions>): ProcessGroupOptions => ({
  file: process.execPath,
  args: [fixture('good.js')],
  cwd: dir,
  env: {},
  timeoutMs: 20_000,
  stdoutFile: join(dir, 'logs', 'out.log'),
  stderrFile: join(dir, 'logs', 'err.log'),
  killGraceMs: 300,
  ...fields,
});

const readPid = async (file: string): Promise<number> => Number(await readFile(file, 'utf8'));

describe('runProcessGroup', () => {
  it('runs a program to completion, streaming both outputs to files', async () => {
    const outcome = await runProcessGroup(options({}));
    expect(outcome).toMatchObject({ exitCode: 0, signal: null, timedOut: false, canceled: false, error: null });
    expect(outcome.stdoutTail).toContain('"score":0.75');
    expect(outcome.stderrTail).toBe('a warning on stderr\n');
    expect(await readFile(join(dir, 'logs', 'out.log'), 'utf8')).toBe(outcome.stdoutTail);
  });

  it('runs a shell command line with the extra environment and feeds stdin text', async () => {
    const outcome = await runProcessGroup(options({
      file: `${nodeFixture('stdin-echo.js')} && echo "var=$MY_VAR"`, args: [], shell: true,
      env: { MY_VAR: 'hello' }, stdin: 'from stdin\n',
    }));
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdoutTail).toBe('from stdin\nvar=hello\n');
  });

  it('reports the exit code of a failing program', async () => {
    const outcome = await runProcessGroup(options({ args: [fixture('exit-code.js'), '7'] }));
    expect(outcome.exitCode).toBe(7);
    expect(outcome.stderrTail).toContain('Traceback');
  });

  it('kills the whole group on timeout, including a grandchild that ignores SIGTERM', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const marker = join(dir, 'sigterm.txt');
    // The grandchild writes its pid only after installing its handler; wait for that, then time out.
    const outcome = await runProcessGroup(options({
      file: `${nodeFixture('grandchild-hang.js', pidFile, marker)} & while [ ! -s ${pidFile} ]; do sleep 0.05; done; wait`,
      args: [], shell: true, timeoutMs: 1500,
    }));
    expect(outcome.timedOut).toBe(true);
    expect(outcome.canceled).toBe(false);
    expect(outcome.exitCode).toBeNull();
    expect(await readFile(marker, 'utf8')).toContain('SIGTERM ignored');
    expect(await isProcessAlive(await readPid(pidFile))).toBe(false);
  });

  it('kills the whole group when the signal aborts, and reports it as canceled', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const controller = new AbortController();
    const running = runProcessGroup(options({
      args: [fixture('grandchild-hang.js'), pidFile, join(dir, 'sigterm.txt')], signal: controller.signal,
    }));
    await waitForFile(pidFile);
    expect(await isProcessAlive(await readPid(pidFile))).toBe(true);
    controller.abort();
    const outcome = await running;
    expect(outcome).toMatchObject({ canceled: true, timedOut: false });
    expect(await isProcessAlive(await readPid(pidFile))).toBe(false);
  });

  it('does not start when the signal is already aborted', async () => {
    const outcome = await runProcessGroup(options({ signal: AbortSignal.abort() }));
    expect(outcome).toMatchObject({ canceled: true, pid: null, exitCode: null });
  });

  it('cleans up background processes left by a leader that exited on its own', async () => {
    const pidFile = join(dir, 'background.pid');
    const outcome = await runProcessGroup(options({ args: [fixture('leaves-background.js'), pidFile] }));
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdoutTail).toContain('"score":3');
    expect(await isProcessAlive(await readPid(pidFile))).toBe(false);
  });

  it('returns a start failure as a value', async () => {
    const missingCwd = await runProcessGroup(options({ cwd: join(dir, 'nope') }));
    expect(missingCwd.error).toMatch(/working directory .*nope does not exist/);
    const missingProgram = await runProcessGroup(options({ file: join(dir, 'no-such-program'), args: [] }));
    expect(missingProgram.error).toMatch(/ENOENT/);
    expect(missingProgram.exitCode).toBeNull();
  });

  it('throws a SwarmError when the log directory cannot be created', async () => {
    const blocker = join(dir, 'file');
    await writeFile(blocker, '');
    const error: unknown = await runProcessGroup(options({ stdoutFile: join(blocker, 'sub', 'out.log') })).catch((e: unknown) => e);
    expect(isSwarmError(error) && error.message).toMatch(/cannot create log directory .*file\/sub/);
  });
});

const waitForFile = async (file: string): Promise<void> => {
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text !== '') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
