import { execa } from 'execa';
import { markerFor, newTreeToken, stopTreeAfterExit, TREE_MARKER } from './process-tree.js';
import { spawnViaHelper } from './spawner.js';

export interface RunProcessOptions {
  cwd?: string;
  /** Added to `process.env`; with `extendEnv: false` the whole environment. */
  env?: Readonly<Partial<Record<string, string>>>;
  /** Inherit `process.env` under `env` (default true). */
  extendEnv?: boolean;
  /** Stop the process after this long (SIGTERM, then SIGKILL after `killGraceMs`); absent or 0: no limit. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Text written to stdin; without it stdin is closed (`ignore`). */
  input?: string;
  /** Keep a final newline of stdout and stderr (default: stripped). */
  keepFinalNewline?: boolean;
  /**
   * `group`: its own process group, so a terminal Ctrl-C (which drains the run) does not reach it.
   * `tree`: its own group too, and everything it started (the group, `setsid` descendants that
   * carry the SWARM_PROCESS_TREES marker) is stopped once it ends. Default: `none`.
   */
  isolation?: 'none' | 'group' | 'tree';
  /** Time between SIGTERM and SIGKILL (default 2000). */
  killGraceMs?: number;
  /**
   * Start it through the long-lived spawner process (src/process/spawner.ts) instead of forking
   * this one: for short commands (git) without a timeout, a signal or `tree` isolation, which
   * always start here. `SWARM_SPAWNER=off` in the environment turns it off.
   */
  spawner?: boolean;
}

/** How a one-shot process ended. Failing to start is a result too (`startError`), never a throw. */
export interface ProcessResult<Output extends string | Buffer = string> {
  /** Null when it was killed by a signal or never started. */
  exitCode: number | null;
  signal: string | null;
  stdout: Output;
  stderr: string;
  timedOut: boolean;
  isCanceled: boolean;
  durationMs: number;
  /** Why it could not be started (`spawn git ENOENT`), or null. */
  startError: string | null;
}

const DEFAULT_KILL_GRACE_MS = 2000;

/** Runs `file` to its end and returns its output (text). */
export function runProcess(file: string, args: readonly string[], options?: RunProcessOptions): Promise<ProcessResult>;
/** Runs `file` to its end and returns its stdout as raw bytes (binary files from `git show`). */
export function runProcess(file: string, args: readonly string[], options: RunProcessOptions & { bytes: true }): Promise<ProcessResult<Buffer>>;
export async function runProcess(file: string, args: readonly string[], options: RunProcessOptions & { bytes?: true } = {}): Promise<ProcessResult<string | Buffer>> {
  const isolation = options.isolation ?? 'none';
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const token = isolation === 'tree' ? newTreeToken() : null;
  const env = token === null ? options.env : { ...options.env, [TREE_MARKER]: markerFor(inheritedMarker(options), token) };
  const timeout = options.timeoutMs !== undefined && options.timeoutMs > 0 && Number.isFinite(options.timeoutMs) ? Math.ceil(options.timeoutMs) : undefined;
  if (options.spawner === true && token === null && timeout === undefined && options.signal === undefined && process.env.SWARM_SPAWNER !== 'off') {
    return runViaSpawner(file, args, options, isolation === 'group');
  }
  const child = execa(file, args, {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(env === undefined ? {} : { env }),
    extendEnv: options.extendEnv ?? true,
    reject: false,
    ...(options.input === undefined ? { stdin: 'ignore' as const } : { input: options.input }),
    stripFinalNewline: options.keepFinalNewline !== true,
    detached: isolation !== 'none',
    ...(timeout === undefined ? {} : { timeout }),
    ...(options.signal === undefined ? {} : { cancelSignal: options.signal }),
    forceKillAfterDelay: graceMs,
    encoding: 'buffer',
  });
  if (token !== null) await stopTreeAfterExit(child, token, graceMs);
  const ended = await child;
  const text = (value: Uint8Array | unknown): string => (value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : '');
  const startError = ended.failed && ended.exitCode === undefined && ended.signal === undefined
    ? (ended.cause instanceof Error ? ended.cause.message : (ended.shortMessage ?? 'it could not be started'))
    : null;
  return {
    exitCode: ended.exitCode ?? null,
    signal: ended.signal ?? null,
    stdout: options.bytes === true ? Buffer.from(ended.stdout) : text(ended.stdout),
    stderr: text(ended.stderr),
    timedOut: ended.timedOut,
    isCanceled: ended.isCanceled && !ended.timedOut,
    durationMs: ended.durationMs,
    startError,
  };
}

const inheritedMarker = (options: RunProcessOptions): string | undefined =>
  options.env?.[TREE_MARKER] ?? (options.extendEnv === false ? undefined : process.env[TREE_MARKER]);

const stripFinalNewline = (text: string): string => text.replace(/\r?\n$/, '');

const definedEnv = (env: Readonly<Partial<Record<string, string>>>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** `runProcess` through the spawner process: the same result, the same environment rules. */
const runViaSpawner = async (file: string, args: readonly string[], options: RunProcessOptions & { bytes?: true }, detached: boolean): Promise<ProcessResult<string | Buffer>> => {
  const env = definedEnv(options.extendEnv === false ? (options.env ?? {}) : { ...process.env, ...options.env });
  const ended = await spawnViaHelper({ file, args, ...(options.cwd === undefined ? {} : { cwd: options.cwd }), env, input: options.input ?? null, detached });
  const text = (value: Buffer): string => (options.keepFinalNewline === true ? value.toString('utf8') : stripFinalNewline(value.toString('utf8')));
  return {
    exitCode: ended.exitCode,
    signal: ended.signal,
    stdout: options.bytes === true ? ended.stdout : text(ended.stdout),
    stderr: text(ended.stderr),
    timedOut: false,
    isCanceled: false,
    durationMs: ended.durationMs,
    startError: ended.startError,
  };
};
