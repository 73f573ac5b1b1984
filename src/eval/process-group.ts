import { spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { SwarmError } from '../core/errors.js';
import { TailBuffer } from './output-tail.js';
import { isGroupAlive } from './process-liveness.js';

export interface ProcessGroupOptions {
  /** Program to run, or the whole command line when `shell` is true. */
  file: string;
  args?: string[];
  /** Run `file` through `/bin/sh -c`, with `args` appended verbatim (unquoted). */
  shell?: boolean;
  cwd: string;
  /** Added to `process.env`. */
  env: Record<string, string>;
  /** Inherited variables to leave out (e.g. swarm's own API keys, which a model-run command must not see). */
  withholdEnv?: (name: string) => boolean;
  /** Kill the group after this long; 0 or a non-finite value means no limit. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Full stdout / stderr are streamed here (created or truncated). */
  stdoutFile: string;
  stderrFile: string;
  /** Bytes of each stream kept for the outcome (default 4000). */
  tailBytes?: number;
  /** Time between SIGTERM and SIGKILL to the group (default 2000). */
  killGraceMs?: number;
  /** `ignore` (default) or text written to the child's stdin. */
  stdin?: 'ignore' | string;
}

/** How a process group ended. A failure to start is an outcome too (`error`), never a throw. */
export interface ProcessOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  canceled: boolean;
  durationMs: number;
  stdoutTail: string;
  stderrTail: string;
  pid: number | null;
  /** Why the process could not be started, or null. */
  error: string | null;
}

const DEFAULT_TAIL_BYTES = 4000;
const DEFAULT_KILL_GRACE_MS = 2000;
const POLL_MS = 50;
const AFTER_KILL_WAIT_MS = 2000;

/**
 * Runs a command as the leader of its own process group, streaming output to files. On timeout,
 * abort, or when the leader exits leaving members behind, the whole group gets SIGTERM and then
 * SIGKILL after the grace period, so no grandchild outlives the call.
 */
export const runProcessGroup = async (options: ProcessGroupOptions): Promise<ProcessOutcome> => {
  const tailBytes = options.tailBytes ?? DEFAULT_TAIL_BYTES;
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  await ensureLogDir(dirname(options.stdoutFile));
  await ensureLogDir(dirname(options.stderrFile));
  const started = performance.now();
  const notStarted = (fields: Partial<ProcessOutcome>): ProcessOutcome => ({
    ...emptyOutcome(), durationMs: performance.now() - started, ...fields,
  });
  if (options.signal?.aborted === true) return notStarted({ canceled: true });
  const cwdProblem = await checkDirectory(options.cwd);
  if (cwdProblem !== null) return notStarted({ error: cwdProblem });

  const [file, args] = options.shell === true
    ? ['/bin/sh', ['-c', [options.file, ...(options.args ?? [])].join(' ')]]
    : [options.file, options.args ?? []];
  const stdinText = options.stdin === undefined || options.stdin === 'ignore' ? null : options.stdin;
  const child = spawn(file, args, {
    cwd: options.cwd,
    env: { ...inheritedEnv(options.withholdEnv), ...options.env },
    detached: true,
    stdio: [stdinText === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  const stdoutTail = new TailBuffer(tailBytes);
  const stderrTail = new TailBuffer(tailBytes);
  const outFile = createWriteStream(options.stdoutFile);
  const errFile = createWriteStream(options.stderrFile);
  // A log file that cannot be written (disk full) must not crash the orchestrator; the tails survive.
  outFile.on('error', () => undefined);
  errFile.on('error', () => undefined);
  child.stdout?.on('data', (chunk: Buffer) => stdoutTail.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderrTail.push(chunk));
  child.stdout?.pipe(outFile);
  child.stderr?.pipe(errFile);
  if (stdinText !== null && child.stdin !== null) {
    child.stdin.on('error', () => undefined); // the child may exit without reading its input
    child.stdin.end(stdinText);
  }

  let timedOut = false;
  let canceled = false;
  let killing: Promise<void> | null = null;
  const killGroup = (): void => {
    if (killing === null && child.pid !== undefined) killing = killProcessGroup(child.pid, graceMs);
  };
  const timer = options.timeoutMs > 0 && Number.isFinite(options.timeoutMs)
    ? setTimeout(() => { timedOut = true; killGroup(); }, options.timeoutMs)
    : null;
  const onAbort = (): void => { canceled = true; killGroup(); };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // An abort during the awaits above fired before the listener existed.
  if (isAborted(options.signal)) onAbort();

  const ended = await waitForExit(child);
  if (timer !== null) clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  // Members left behind by a leader that exited on its own are killed too.
  if (ended.error === null && child.pid !== undefined && (await isGroupAlive(child.pid))) killGroup();
  await killing;
  await waitForPipes(child, ended.error === null ? graceMs : 0);
  await Promise.all([closeFile(outFile), closeFile(errFile)]);

  return {
    exitCode: ended.exitCode,
    signal: ended.signal,
    timedOut,
    canceled: canceled && !timedOut,
    durationMs: performance.now() - started,
    stdoutTail: stdoutTail.toString(),
    stderrTail: stderrTail.toString(),
    pid: child.pid ?? null,
    error: ended.error,
  };
};

/**
 * Sends SIGTERM to process group `pgid`, then SIGKILL once `graceMs` has passed with a member
 * still running. Resolves when the group is gone (or shortly after SIGKILL). Never throws.
 */
export const killProcessGroup = async (pgid: number, graceMs: number): Promise<void> => {
  signalGroup(pgid, 'SIGTERM');
  if (await waitUntilGone(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  await waitUntilGone(pgid, AFTER_KILL_WAIT_MS);
};

interface Ended {
  exitCode: number | null;
  signal: string | null;
  error: string | null;
}

type Child = ReturnType<typeof spawn>;

const waitForExit = (child: Child): Promise<Ended> =>
  new Promise<Ended>((resolve) => {
    child.once('exit', (code, signal) => resolve({ exitCode: code, signal, error: null }));
    child.once('error', (error) => resolve({ exitCode: null, signal: null, error: error.message }));
  });

/** Waits for stdout/stderr to drain; a daemon that left the group may hold them open, so give up after `limitMs`. */
const waitForPipes = async (child: Child, limitMs: number): Promise<void> => {
  const open = [child.stdout, child.stderr].filter((s) => s !== null && !s.closed);
  const closed = Promise.all(open.map((s) => new Promise<void>((resolve) => s?.once('close', () => resolve()))));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), limitMs);
  });
  // The timer is cleared once the pipes close, so it never keeps a short-lived CLI alive.
  const drained = await Promise.race([closed.then(() => true), timeout]);
  clearTimeout(timer);
  if (!drained) for (const s of open) s?.destroy();
};

const waitUntilGone = async (pgid: number, limitMs: number): Promise<boolean> => {
  const deadline = performance.now() + limitMs;
  for (;;) {
    if (!(await isGroupAlive(pgid))) return true;
    if (performance.now() >= deadline) return false;
    await sleep(Math.min(POLL_MS, Math.max(1, deadline - performance.now())));
  }
};

const signalGroup = (pgid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: already gone; EPERM: a member changed credentials, nothing more we can do.
  }
};

// A function, so the compiler does not narrow `aborted` across the awaits that may change it.
const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

const inheritedEnv = (withhold: ((name: string) => boolean) | undefined): NodeJS.ProcessEnv =>
  withhold === undefined ? process.env : Object.fromEntries(Object.entries(process.env).filter(([name]) => !withhold(name)));

/** Creates a log directory; failing is an environment problem worth stopping for, so it throws SwarmError. */
export const ensureLogDir = async (dir: string): Promise<void> => {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new SwarmError('INTERNAL', `cannot create log directory ${dir}: ${String(error)}; check its permissions and free disk space`, { cause: error });
  }
};

const checkDirectory = async (dir: string): Promise<string | null> => {
  try {
    return (await stat(dir)).isDirectory() ? null : `working directory ${dir} is not a directory`;
  } catch {
    return `working directory ${dir} does not exist`;
  }
};

const closeFile = async (stream: WriteStream): Promise<void> => {
  if (!stream.writableEnded) stream.end();
  await finished(stream).catch(() => undefined);
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const emptyOutcome = (): ProcessOutcome => ({
  exitCode: null, signal: null, timedOut: false, canceled: false, durationMs: 0,
  stdoutTail: '', stderrTail: '', pid: null, error: null,
});
