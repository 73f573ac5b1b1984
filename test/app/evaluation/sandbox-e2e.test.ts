import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { evaluate, isSwarmError, status, type StatusReport } from '../../../src/index.js';
import { runApi, thrownBy, withEnv } from '../../support/api-run.js';
import { startApiProcess } from '../../support/api-process.js';
import { processesWithEnv } from '../../support/processes-with-env.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The toy task whose evaluator also drops a file in the host's /tmp. */
const toy = (sandbox: 'none' | 'bwrap', canary: string): ToyRepo => {
  const repo = createToyRepo({
    evaluator: { command: `node evaluate.js && touch ${canary}`, sandbox },
    budget: { attempts: 4 },
  });
  repos.push(repo);
  return repo;
};

const statusOf = async (dir: string): Promise<StatusReport> => status({ cwd: dir });

describe('evaluator.sandbox in a run and in swarm eval', () => {
  // Skipped, with the set-up's one line saying why, where bubblewrap cannot run (failed under CI).
  it.skipIf(inject('systemTools').bwrap === null)('swarm run scores every attempt exactly as without a sandbox, and nothing lands in the host /tmp', async () => {
    const plainCanary = join(tmpdir(), `swarm-canary-${randomUUID()}`);
    const boxedCanary = join(tmpdir(), `swarm-canary-${randomUUID()}`);
    dirs.push(plainCanary);
    const plain = toy('none', plainCanary);
    const boxed = toy('bwrap', boxedCanary);
    // A host where bwrap cannot sandbox fails here, with swarm's CONFIG_INVALID reason as the message.
    const [plainRun, boxedRun] = [await runApi(plain.dir), await runApi(boxed.dir)];
    expect(plainRun.result, plainRun.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    expect(boxedRun.result, boxedRun.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const scores = (report: StatusReport) => report.attempts.map((a) => [a.id, a.status, a.score]);
    const [plainStatus, boxedStatus] = [await statusOf(plain.dir), await statusOf(boxed.dir)];
    expect(scores(boxedStatus)).toEqual(scores(plainStatus));
    expect(boxedStatus.attempts.filter((a) => a.status === 'scored').length).toBeGreaterThan(1);
    expect(existsSync(plainCanary)).toBe(true);
    expect(existsSync(boxedCanary)).toBe(false);
    // Two runs of four attempts: ~110 s on a machine loaded twentyfold (2 cores), as through the CLI.
  }, 180_000);

  it('swarm eval refuses, naming evaluator.sandbox and the fix, when bwrap is missing', async () => {
    const repo = toy('bwrap', join(tmpdir(), `swarm-canary-${randomUUID()}`));
    // A PATH with git and node but no bwrap.
    const bin = mkdtempSync(join(tmpdir(), 'swarm-nobwrap-'));
    dirs.push(bin);
    symlinkSync(execFileSync('/bin/sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const error = await withEnv({ PATH: bin }, () => thrownBy(evaluate({ cwd: repo.dir, signal: new AbortController().signal })));
    expect(isSwarmError(error) && error.code).toBe('CONFIG_INVALID');
    expect(error instanceof Error ? error.message : null).toMatch(/evaluator\.sandbox is "bwrap" but bwrap cannot be run .*install bubblewrap .*set evaluator\.sandbox to "none"/);
  });

  // The driver is a process of its own (a host program calling runSearch), killed as `kill -9` would.
  it.skipIf(inject('systemTools').bwrap === null)('a sandboxed evaluation dies with a SIGKILLed driver', async () => {
    const canary = randomUUID();
    const repo = createToyRepo({ evaluator: { command: 'node -e "setInterval(() => {}, 1000)"', sandbox: 'bwrap', env: { CANARY: canary } } });
    repos.push(repo);
    const driver = startApiProcess(repo.dir, 'await api.runSearch({ cwd: process.cwd() });');
    const running = await until(async () => (await processesWithEnv('CANARY', canary)).length > 0, 60_000);
    expect(running).toBe(true);
    driver.child.kill('SIGKILL');
    await driver.done;
    // --die-with-parent: the kernel kills the sandbox when the driver goes; give it a moment (a
    // process in the middle of a mount under a loaded machine's I/O takes its SIGKILL late).
    await until(async () => (await processesWithEnv('CANARY', canary)).length === 0, 30_000);
    expect(await processesWithEnv('CANARY', canary)).toEqual([]);
  }, 90_000);
});

const until = async (check: () => Promise<boolean>, limitMs: number): Promise<boolean> => {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
};
