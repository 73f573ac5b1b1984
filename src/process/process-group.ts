import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { execa } from 'execa';
import { SwarmError } from '../core/domain/errors.js';
import { CappedLog } from './capped-log.js';
import { TailBuffer } from './output-tail.js';
import { markerFor, newTreeToken, stopTreeAfterExit, TREE_MARKER } from './process-tree.js';

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
  /** Time between SIGTERM and SIGKILL to the tree (default 2000). */
  killGraceMs?: number;
  /** Bytes of each stream kept in its file, head and tail (see CappedLog); 0 or absent: all. */
  maxLogBytes?: number;
  /** `ignore` (default) or text written to the child's stdin. */
  stdin?: 'ignore' | string;
  /**
   * Called once both output files are complete and closed (the streams ended, even while the
   * leftover scan still runs), unless their capture failed: a caller can mark them durable.
   */
  onCaptured?: () => Promise<void>;
}

/**
 * How a process group ended. A failure to start is an outcome too (`error`), never a throw; an
 * output that cannot be written to its file (a full disk) stops the process and throws, since
 * nothing the process reports could be kept.
 */
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
  /** Processes of its tree still running when the leader had exited (stopped then): daemons it left behind. */
  leftoverProcesses: number;
}

const DEFAULT_TAIL_BYTES = 4000;
const DEFAULT_KILL_GRACE_MS = 2000;

/**
 * Runs a command as the leader of its own process group, streaming output to files. On timeout,
 * abort, and when the leader exits, every process of its tree (the group, and descendants that
 * left it with `setsid`, found by the SWARM_PROCESS_TREES marker) gets SIGTERM and then SIGKILL
 * after the grace period, so no grandchild outlives the call.
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
  const token = newTreeToken();
  const env = { ...inheritedEnv(options.withholdEnv), ...options.env };
  const limited = options.timeoutMs > 0 && Number.isFinite(options.timeoutMs);
  // An output that cannot be captured (a full disk) stops the process at once: waiting for its
  // timeout would only let it block on a pipe nobody drains.
  const captureFailed = new AbortController();
  const cancelSignal = options.signal === undefined ? captureFailed.signal : AbortSignal.any([options.signal, captureFailed.signal]);
  // execa stops the leader (timeout, cancelSignal: SIGTERM, SIGKILL after the grace period) and
  // says why; the rest of the tree is ours to stop once the leader is gone.
  const child = execa(file, args, {
    cwd: options.cwd,
    env: { ...env, [TREE_MARKER]: markerFor(env[TREE_MARKER], token) },
    extendEnv: false,
    detached: true,
    stdin: stdinText === null ? 'ignore' : 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: false,
    reject: false,
    ...(limited ? { timeout: Math.ceil(options.timeoutMs) } : {}),
    cancelSignal,
    killSignal: 'SIGTERM',
    forceKillAfterDelay: graceMs,
  });
  // When the leader itself exited: the limit measures the command, not the stopping of what it left.
  const leader: { exit: { atMs: number; code: number | null; signal: string | null } | null } = { exit: null };
  child.once('exit', (code, signal) => {
    leader.exit = { atMs: performance.now() - started, code, signal };
  });
  const stdoutTail = new TailBuffer(tailBytes);
  const stderrTail = new TailBuffer(tailBytes);
  const stopCapture = (): void => captureFailed.abort();
  const outFile = new CappedLog(options.stdoutFile, options.maxLogBytes ?? 0, stopCapture);
  const errFile = new CappedLog(options.stderrFile, options.maxLogBytes ?? 0, stopCapture);
  outFile.attach(child.stdout, (chunk) => stdoutTail.push(chunk));
  errFile.attach(child.stderr, (chunk) => stderrTail.push(chunk));
  if (stdinText !== null && child.stdin !== null) {
    child.stdin.on('error', () => undefined); // the child may exit without reading its input
    child.stdin.end(stdinText);
  }
  // The files are closed as soon as both streams end, not after the leftover scan: what they
  // hold is then on disk even if this process is killed during that scan.
  const captured = Promise.all([streamClosed(child.stdout), streamClosed(child.stderr)])
    .then(() => Promise.all([outFile.close(), errFile.close()]))
    // Best effort: a mark that cannot be written only means a resume runs the job again.
    .then(() => (outFile.failure === null && errFile.failure === null ? options.onCaptured?.() : undefined))
    .catch(() => undefined);
  // Whatever the leader left behind is stopped, after a kill as after a normal exit.
  const leftoverProcesses = await stopTreeAfterExit(child, token, graceMs);
  await waitForPipes(child, child.pid === undefined ? 0 : graceMs);
  const ended = await child;
  await captured;
  const lost = outFile.failure ?? errFile.failure;
  if (lost !== null) {
    const file = outFile.failure !== null ? options.stdoutFile : options.stderrFile;
    throw new SwarmError('INTERNAL', `cannot capture the output of \`${[options.file, ...(options.args ?? [])].join(' ')}\` in ${file}: ${lost.message}; it was stopped`, { cause: lost });
  }
  const startError = ended.failed && ended.exitCode === undefined && ended.signal === undefined ? (ended.shortMessage ?? null) : null;
  // execa's timer runs until the pipes close, which a leftover holding them delays: a leader that
  // exited within the limit finished in time, with its own exit status.
  const exit = leader.exit;
  const inTime = ended.timedOut && exit !== null && exit.atMs < options.timeoutMs;

  return {
    exitCode: inTime ? exit.code : (ended.exitCode ?? null),
    signal: inTime ? exit.signal : (ended.signal ?? null),
    timedOut: ended.timedOut && !inTime,
    canceled: ended.isCanceled && !ended.timedOut,
    durationMs: exit !== null && leftoverProcesses > 0 ? exit.atMs : performance.now() - started,
    leftoverProcesses,
    stdoutTail: stdoutTail.toString(),
    stderrTail: stderrTail.toString(),
    pid: child.pid ?? null,
    error: startError,
  };
};

type Child = ReturnType<typeof execa>;

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

/** Settles when `stream` has closed (at once for none, or one already closed). */
const streamClosed = (stream: Readable | null): Promise<void> =>
  stream === null || stream.closed ? Promise.resolve() : new Promise<void>((resolve) => void stream.once('close', () => resolve()));

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


const emptyOutcome = (): ProcessOutcome => ({
  exitCode: null, signal: null, timedOut: false, canceled: false, durationMs: 0,
  stdoutTail: '', stderrTail: '', pid: null, error: null, leftoverProcesses: 0,
});
