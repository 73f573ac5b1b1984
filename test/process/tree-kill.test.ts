import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalEvaluatorRunner } from '../../src/eval/local-evaluator-runner.js';
import { isProcessAlive } from '../../src/process/liveness.js';
import { processesWithEnv } from '../support/processes-with-env.js';
import { runProcessGroup } from '../../src/process/process-group.js';
import { findTreeMembers, killTree, markerFor, TREE_MARKER } from '../../src/process/process-tree.js';
import { fixture, makeJob, makeTempDir, noAbort, nodeFixture } from '../eval/support.js';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
afterEach(() => cleanup());

const runner = new LocalEvaluatorRunner({ killGraceMs: 300 });

const withCanary = (canary: string): Promise<number[]> => processesWithEnv('CANARY', canary);

const daemonPid = async (pidFile: string): Promise<number> => {
  const pid = Number(await readFile(pidFile, 'utf8'));
  expect(pid).toBeGreaterThan(0);
  return pid;
};

describe('tree kill without a sandbox', () => {
  it('kills a setsid daemon of a hanging evaluator on timeout, leaving no orphan', async () => {
    const pidFile = join(dir, 'daemon.pid');
    const canary = randomUUID();
    const outcome = await runner.run(makeJob(dir, {
      command: nodeFixture('setsid-daemon.js', pidFile, 'hang'), timeoutMs: 5000, env: { CANARY: canary },
    }), noAbort());
    expect(outcome).toMatchObject({ timedOut: true, valid: false });
    expect(await isProcessAlive(await daemonPid(pidFile))).toBe(false);
    expect(await withCanary(canary)).toEqual([]);
  });

  it('kills a setsid daemon left behind by an evaluator that exited 0, and keeps its score', async () => {
    const pidFile = join(dir, 'daemon.pid');
    const canary = randomUUID();
    const outcome = await runner.run(makeJob(dir, {
      command: nodeFixture('setsid-daemon.js', pidFile, 'exit'), env: { CANARY: canary },
    }), noAbort());
    expect(outcome).toMatchObject({ valid: true, score: 1, exitCode: 0, timedOut: false });
    expect(await isProcessAlive(await daemonPid(pidFile))).toBe(false);
    expect(await withCanary(canary)).toEqual([]);
  });

  it('kills a setsid daemon when the run is aborted', async () => {
    const pidFile = join(dir, 'daemon.pid');
    const controller = new AbortController();
    const running = runProcessGroup({
      file: process.execPath, args: [fixture('setsid-daemon.js'), pidFile, 'hang'], cwd: dir, env: {},
      timeoutMs: 0, signal: controller.signal, stdoutFile: join(dir, 'out.log'), stderrFile: join(dir, 'err.log'), killGraceMs: 300,
    });
    for (;;) {
      if ((await readFile(pidFile, 'utf8').catch(() => '')) !== '') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await isProcessAlive(await daemonPid(pidFile))).toBe(true);
    controller.abort();
    expect(await running).toMatchObject({ canceled: true });
    expect(await isProcessAlive(await daemonPid(pidFile))).toBe(false);
  });

  it('finds a process of a nested tree by an inherited token, outside the process group', async () => {
    const token = 'outer-token';
    const child = spawn(process.execPath, ['-e', 'console.log("ready"); setInterval(() => {}, 1000)'], {
      detached: true, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, [TREE_MARKER]: markerFor(markerFor(undefined, token), 'inner-token') },
    });
    const pid = child.pid ?? 0;
    // Only once it runs its own program does /proc show the child's environment.
    await new Promise((resolve) => child.stdout?.once('data', resolve));
    child.stdout?.destroy();
    child.unref();
    // A process group that does not exist: the token alone finds the child.
    const tree = { pgid: 2 ** 22 + 7, token };
    expect(await findTreeMembers(tree)).toEqual([pid]);
    expect(await findTreeMembers({ ...tree, token: 'inner' })).toEqual([]);
    await killTree(tree, 300);
    expect(await isProcessAlive(pid)).toBe(false);
  });
});
