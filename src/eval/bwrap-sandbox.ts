import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SwarmError } from '../core/domain/errors.js';
import { runProcess } from '../process/run-process.js';

/** What the host offers the sandbox, found once when the runner is created. */
export interface BwrapHost {
  /** The bwrap program. */
  program: string;
  /** Options this bwrap understands beyond the baseline (`--disable-userns` needs bubblewrap 0.8). */
  disableUserns: boolean;
  /** GPU device nodes passed through (`/dev/nvidia*`, `/dev/dri`, `/dev/kfd`). */
  devices: string[];
}

/** One evaluation's view of the filesystem; where two overlap, the deeper path decides. */
export interface SandboxMounts {
  /** The checkout, writable, and the working directory. */
  checkout: string;
  /** Read-only on top of the checkout: protected paths, and the checkout's own `.git` and `.swarm`. */
  readOnly: string[];
  /** Writable on top of everything: the directory of the result file. */
  writable: string[];
  network: boolean;
}

/**
 * The bwrap options for one evaluation: the host read-only, a minimal /dev (plus GPUs), a fresh
 * /proc, private /tmp and /dev/shm, no capabilities, no network unless allowed, and its own PID
 * namespace and session, so every process of the evaluation dies with it.
 */
export const bwrapArgs = (host: BwrapHost, mounts: SandboxMounts): string[] => [
  '--ro-bind', '/', '/',
  '--dev', '/dev',
  ...host.devices.flatMap((device) => ['--dev-bind', device, device]),
  '--proc', '/proc',
  '--tmpfs', '/tmp',
  // Unix sockets of host services (docker, dbus) live here; a read-only mount does not stop a connect().
  ...(mounts.network ? [] : ['--tmpfs', '/run']),
  ...layered(mounts).flatMap(({ path, option }) => [option, path, path]),
  '--chdir', mounts.checkout,
  '--setenv', 'TMPDIR', '/tmp',
  // Root outside is root inside without a user namespace, and root could remount / read-write.
  '--unshare-user',
  ...(host.disableUserns ? ['--disable-userns'] : []),
  '--cap-drop', 'ALL',
  '--unshare-pid',
  '--unshare-ipc',
  ...(mounts.network ? [] : ['--unshare-net']),
  '--die-with-parent',
  '--new-session',
];

/**
 * The checkout's and the extra mounts, parents before children: bwrap stacks later mounts on top,
 * so a protected file stays read-only inside a writable directory and the result directory stays
 * writable inside a read-only `.swarm`.
 */
const layered = (mounts: SandboxMounts): Array<{ path: string; option: '--bind' | '--ro-bind' }> =>
  [
    { path: mounts.checkout, option: '--bind' as const },
    ...mounts.readOnly.map((path) => ({ path, option: '--ro-bind' as const })),
    ...mounts.writable.map((path) => ({ path, option: '--bind' as const })),
  ].map((mount, index) => ({ ...mount, index, depth: mount.path.split('/').filter(Boolean).length }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map(({ path, option }) => ({ path, option }));

const FIX = 'or set evaluator.sandbox to "none" to evaluate without a sandbox';

/**
 * Finds bwrap and proves it can build the sandbox here, once, before any evaluation: a missing
 * program or a kernel that refuses namespaces is a configuration error naming the fix.
 */
export const prepareBwrap = async (program = 'bwrap'): Promise<BwrapHost> => {
  if (process.platform !== 'linux') {
    throw new SwarmError('CONFIG_INVALID', `evaluator.sandbox is "bwrap" but bubblewrap needs Linux (this is ${process.platform}); ${FIX}`);
  }
  const help = await runProcess(program, ['--help']);
  if (help.startError !== null) {
    throw new SwarmError('CONFIG_INVALID', `evaluator.sandbox is "bwrap" but ${program} cannot be run (${help.startError}); install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) ${FIX}`);
  }
  const host: BwrapHost = { program, disableUserns: help.stdout.includes('--disable-userns'), devices: await gpuDevices() };
  const scratch = await mkdtemp(join(tmpdir(), 'swarm-bwrap-check-'));
  try {
    const probe = await runProcess(program, [...bwrapArgs(host, { checkout: scratch, readOnly: [], writable: [], network: false }), '--', '/bin/sh', '-c', 'true'], { timeoutMs: 30_000 });
    if (probe.exitCode !== 0) {
      const said = (probe.stderr.trim() || probe.startError || (probe.timedOut ? 'it did not finish within 30 s' : `it exited with ${probe.exitCode ?? probe.signal ?? 'no code'}`)).split('\n').slice(0, 3).join(' ');
      throw new SwarmError('CONFIG_INVALID', `evaluator.sandbox is "bwrap" but bubblewrap cannot create its sandbox here: ${said}; allow user namespaces (sysctl user.max_user_namespaces > 0, kernel.unprivileged_userns_clone=1, kernel.apparmor_restrict_unprivileged_userns=0; in a container, a seccomp profile that permits unshare and mount) ${FIX}`);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return host;
};

const gpuDevices = async (): Promise<string[]> => {
  const names = await readdir('/dev').catch(() => [] as string[]);
  return names.filter((name) => /^nvidia/.test(name) || name === 'dri' || name === 'kfd').sort().map((name) => `/dev/${name}`);
};
