import { randomUUID } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { isSwarmError } from '../../src/core/domain/errors.js';
import { bwrapArgs, prepareBwrap, type BwrapHost } from '../../src/eval/bwrap-sandbox.js';
import { sandboxMounts } from '../../src/eval/sandbox-mounts.js';
import { LocalEvaluatorRunner } from '../../src/eval/local-evaluator-runner.js';
import { processesWithEnv } from '../support/processes-with-env.js';
import { git } from '../support/git-repo.js';
import { fixture, makeJob, noAbort, sh } from './support.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/function-minimization', import.meta.url));

// The test set-up (vitest.global-setup.ts) installs bubblewrap or says why these are skipped; under CI it fails instead.
const BWRAP = inject('systemTools').bwrap;
let host: BwrapHost;
beforeAll(async () => {
  if (BWRAP !== null) host = await prepareBwrap(BWRAP);
});

let dir = '';
let main = '';
let checkout = '';
let logDir = '';
let cleanup = async (): Promise<void> => undefined;
beforeEach(async () => {
  // Not under /tmp: the sandbox's private /tmp would hide the main checkout instead of protecting it.
  dir = await mkdtemp('/var/tmp/swarm-bwrap-');
  cleanup = () => rm(dir, { recursive: true, force: true });
  // A main checkout with an attempt worktree inside .swarm, as `swarm run` lays them out.
  main = join(dir, 'main');
  await cp(EXAMPLE, main, { recursive: true });
  git(main, 'init', '--quiet');
  git(main, 'add', '--all');
  git(main, 'commit', '--quiet', '-m', 'baseline');
  checkout = join(main, '.swarm', 'worktrees', 'a1');
  git(main, 'worktree', 'add', '--quiet', '-b', 'swarm/r1/a1', checkout);
  logDir = join(main, '.swarm', 'logs', 'a1');
});
afterEach(() => cleanup());

/**
 * A fixture run with node from a copy beside the test's checkout: the repository itself may lie
 * under /tmp (a CI clone), which the sandbox replaces with its private /tmp.
 */
const visibleFixture = async (name: string, ...args: string[]): Promise<string> => {
  const copy = join(dir, 'fixtures', name);
  await mkdir(join(dir, 'fixtures'), { recursive: true });
  await cp(fixture(name), copy);
  return [sh(process.execPath), sh(copy), ...args.map(sh)].join(' ');
};

const sandboxed = (network = false): LocalEvaluatorRunner =>
  new LocalEvaluatorRunner({ killGraceMs: 300, sandbox: { host, network, protect: ['evaluate.py'] } });

const withCanary = (canary: string): Promise<number[]> => processesWithEnv('CANARY', canary);

/** The processes left with the canary once the kernel has had a moment to end the sandbox's namespace. */
const survivors = async (canary: string): Promise<number[]> => {
  for (let waited = 0; waited < 3000; waited += 100) {
    if ((await withCanary(canary)).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return withCanary(canary);
};

const withServer = async <T>(use: (port: number, requests: () => number) => Promise<T>): Promise<T> => {
  let count = 0;
  const server: Server = createServer((_req, res) => { count++; res.end('ok'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  try {
    return await use(typeof address === 'object' && address !== null ? address.port : 0, () => count);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
};

describe.skipIf(BWRAP === null)('evaluator.sandbox "bwrap"', () => {
  it('confines writes to the checkout, keeps protected files and .git read-only, reaches no loopback server, and its setsid daemon dies', async () => {
    const outsideTmp = join(tmpdir(), `swarm-canary-${randomUUID()}`);
    const inMain = join(main, 'escaped.txt');
    const evaluatorBefore = await readFile(join(checkout, 'evaluate.py'), 'utf8');
    const gitBefore = await readFile(join(checkout, '.git'), 'utf8');
    const canary = randomUUID();
    await withServer(async (port, requests) => {
      const outcome = await sandboxed().run(makeJob(checkout, {
        command: await visibleFixture('sandbox-attack.js'), logDir,
        env: { ATTACK_TMP_FILE: outsideTmp, ATTACK_MAIN_FILE: inMain, ATTACK_PORT: String(port), ATTACK_PROTECTED: 'evaluate.py', CANARY: canary },
      }), noAbort());
      expect(outcome).toMatchObject({ valid: true, score: 1 });
      // Writing to /tmp works, into the sandbox's own /tmp, which the host never sees (checked below).
      expect(outcome.metrics).toEqual({ score: 1, wroteTmp: 1, wroteMain: 0, wroteCheckout: 1, forgedProtected: 0, forgedGit: 0, reachedServer: 0 });
      expect(requests()).toBe(0);
    });
    expect(existsSync(outsideTmp)).toBe(false);
    expect(existsSync(inMain)).toBe(false);
    expect(await readFile(join(checkout, 'inside.txt'), 'utf8')).toBe('mine');
    expect(await readFile(join(checkout, 'evaluate.py'), 'utf8')).toBe(evaluatorBefore);
    expect(await readFile(join(checkout, '.git'), 'utf8')).toBe(gitBefore);
    // The daemon dropped swarm's process marker: only the PID namespace can have stopped it.
    expect(await survivors(canary)).toEqual([]);
  });

  it('in the main checkout, keeps .swarm read-only but its result directory writable', async () => {
    const store = join(main, '.swarm', 'swarm.db');
    await withServer(async (port) => {
      const outcome = await sandboxed().run(makeJob(main, {
        command: await visibleFixture('sandbox-attack.js'), logDir: join(main, '.swarm', 'logs', 'manual'),
        env: { ATTACK_TMP_FILE: join(main, 'a'), ATTACK_MAIN_FILE: store, ATTACK_PORT: String(port), ATTACK_PROTECTED: 'evaluate.py' },
      }), noAbort());
      expect(outcome).toMatchObject({ valid: true, score: 1 });
      expect(outcome.metrics).toMatchObject({ wroteMain: 0, wroteCheckout: 1, forgedProtected: 0 });
    });
    expect(existsSync(store)).toBe(false);
    expect(git(main, 'diff', '--name-only')).toBe('');
  });

  it('reaches a loopback server when evaluator.network allows it', async () => {
    await withServer(async (port, requests) => {
      const outcome = await sandboxed(true).run(makeJob(checkout, {
        command: await visibleFixture('sandbox-attack.js'), logDir,
        env: { ATTACK_TMP_FILE: join(checkout, 'a'), ATTACK_MAIN_FILE: join(checkout, 'b'), ATTACK_PORT: String(port), ATTACK_PROTECTED: 'evaluate.py' },
      }), noAbort());
      expect(outcome.metrics.reachedServer).toBe(1);
      expect(requests()).toBe(1);
    });
  });

  it('kills a setsid daemon of a hanging evaluator on timeout', async () => {
    const pidFile = join(checkout, 'daemon.pid');
    const canary = randomUUID();
    const outcome = await sandboxed().run(makeJob(checkout, {
      command: await visibleFixture('setsid-daemon.js', pidFile, 'hang'), logDir, timeoutMs: 5000, env: { CANARY: canary },
    }), noAbort());
    expect(outcome.timedOut).toBe(true);
    // The pid is the daemon's inside the sandbox's PID namespace.
    expect(Number(await readFile(pidFile, 'utf8'))).toBeGreaterThan(0);
    expect(await survivors(canary)).toEqual([]);
  });

  it('scores an honest program exactly as without a sandbox', async () => {
    const job = makeJob(checkout, { command: 'python3 evaluate.py', logDir, seed: 3 });
    const plain = await new LocalEvaluatorRunner().run(job, noAbort());
    const boxed = await sandboxed().run(job, noAbort());
    expect(plain.valid).toBe(true);
    // Everything but the wall-clock time the evaluator reports.
    const { seconds: _plainSeconds, ...plainMetrics } = plain.metrics;
    const { seconds: _boxedSeconds, ...boxedMetrics } = boxed.metrics;
    expect(boxed).toMatchObject({ valid: true, score: plain.score, exitCode: 0, feedback: plain.feedback });
    expect(boxedMetrics).toEqual(plainMetrics);
    expect(Object.keys(boxedMetrics).length).toBeGreaterThan(4);
  });
});

describe('prepareBwrap', () => {
  it('names the key and the fix when bwrap is missing', async () => {
    const error: unknown = await prepareBwrap(join(dir, 'no-such-bwrap')).catch((e: unknown) => e);
    expect(isSwarmError(error) && error.code).toBe('CONFIG_INVALID');
    expect(error instanceof Error && error.message).toMatch(/^evaluator\.sandbox is "bwrap" but .*no-such-bwrap cannot be run .*install bubblewrap .*set evaluator\.sandbox to "none"/);
  });

  it('names the kernel\'s refusal and the fix when namespaces are refused', async () => {
    const fake = join(dir, 'bin', 'bwrap');
    await mkdir(join(dir, 'bin'));
    await writeFile(fake, '#!/bin/sh\n[ "$1" = --help ] && { echo "usage: bwrap [OPTIONS...]"; exit 0; }\necho "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n');
    await chmod(fake, 0o755);
    const error: unknown = await prepareBwrap(fake).catch((e: unknown) => e);
    expect(isSwarmError(error) && error.code).toBe('CONFIG_INVALID');
    expect(error instanceof Error && error.message).toMatch(/cannot create its sandbox here: bwrap: No permissions to create new namespace.*allow user namespaces.*evaluator\.sandbox to "none"/);
  });
});

describe('bwrapArgs', () => {
  const pairs = (args: string[], option: string): string[] => args.flatMap((arg, index) => (arg === option ? [args[index + 1] ?? ''] : []));

  it('passes GPU devices through after the minimal /dev, and shares the network only when allowed', () => {
    const gpuHost: BwrapHost = { program: 'bwrap', disableUserns: false, devices: ['/dev/nvidia0', '/dev/nvidiactl'] };
    const args = bwrapArgs(gpuHost, { checkout: '/w', readOnly: [], writable: [], network: false });
    expect(pairs(args, '--dev-bind')).toEqual(['/dev/nvidia0', '/dev/nvidiactl']);
    expect(args.indexOf('--dev-bind')).toBeGreaterThan(args.indexOf('--dev'));
    expect(args).toContain('--unshare-net');
    expect(args).not.toContain('--disable-userns');
    expect(bwrapArgs(gpuHost, { checkout: '/w', readOnly: [], writable: [], network: true })).not.toContain('--unshare-net');
  });

  it('mounts parents before children, whichever list they come from', () => {
    const args = bwrapArgs({ program: 'bwrap', disableUserns: true, devices: [] }, {
      checkout: '/repo', readOnly: ['/repo/.swarm', '/repo/evaluate.py'], writable: ['/repo/.swarm/logs/a1'], network: false,
    });
    const binds = args.flatMap((arg, index) => (arg === '--bind' || arg === '--ro-bind' ? [`${arg} ${args[index + 1] ?? ''}`] : []));
    expect(binds).toEqual(['--ro-bind /', '--bind /repo', '--ro-bind /repo/.swarm', '--ro-bind /repo/evaluate.py', '--bind /repo/.swarm/logs/a1']);
  });
});

describe('sandboxMounts', () => {
  it('resolves protect globs to the topmost existing paths, and keeps the worktree\'s git data read-only', async () => {
    for (const file of ['data/a.txt', 'data/deep/b.txt', 'src/lib/x.py', 'src/y.py']) {
      await mkdir(join(checkout, file, '..'), { recursive: true });
      await writeFile(join(checkout, file), '');
    }
    const mounts = await sandboxMounts({ checkout, protect: ['./evaluate.py', 'data/', '**/x.py', 'missing.txt'], resultDir: logDir, network: false });
    expect(mounts.readOnly).toEqual([
      join(checkout, '.git'), join(main, '.git'), join(main, '.git', 'worktrees', 'a1'),
      join(checkout, 'data'), join(checkout, 'evaluate.py'), join(checkout, 'src', 'lib', 'x.py'),
    ]);
    expect(mounts).toMatchObject({ checkout, writable: [logDir], network: false });
  });
});
