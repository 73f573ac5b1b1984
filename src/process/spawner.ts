import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { z } from 'zod';

/**
 * A small long-lived helper process that starts short commands (git) for the driver. A spawn
 * forks the process that makes it: from the driver (150 MiB and more) that copied its page tables
 * on the driver's main thread, once per git call; from the helper (a bare node) it is a fraction
 * of that, and it happens in another process. See docs/decisions.md (issue 29).
 *
 * The helper reads one JSON request per line on stdin, runs it as its own child (its own process
 * group when asked, so a terminal Ctrl-C does not reach it) and answers one JSON line with the
 * outcome, outputs in base64. It exits when its stdin closes: when the driver ends, also by
 * SIGKILL; a command it started runs to its end as it would have as the driver's child.
 */
const HELPER_SOURCE = String.raw`
const { spawn } = require('node:child_process');
const lines = require('node:readline').createInterface({ input: process.stdin });
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
lines.on('line', (line) => {
  const r = JSON.parse(line);
  const started = Date.now();
  let done = false;
  const out = [];
  const err = [];
  const finish = (m) => {
    if (done) return;
    done = true;
    send({ id: r.id, exitCode: null, signal: null, stdout: '', stderr: '', startError: null, ...m, durationMs: Date.now() - started });
  };
  let child;
  try {
    child = spawn(r.file, r.args, { cwd: r.cwd, env: r.env, detached: r.detached, stdio: [r.input === null ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  } catch (error) {
    finish({ startError: String((error && error.message) || error) });
    return;
  }
  child.on('error', (error) => finish({ startError: error.message }));
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => err.push(d));
  if (r.input !== null) {
    child.stdin.on('error', () => undefined);
    child.stdin.end(r.input);
  }
  child.on('close', (code, signal) => finish({ exitCode: code, signal, stdout: Buffer.concat(out).toString('base64'), stderr: Buffer.concat(err).toString('base64') }));
});
lines.on('close', () => process.exit(0));
`;

const replySchema = z.object({
  id: z.number(),
  exitCode: z.number().nullable(),
  signal: z.string().nullable(),
  stdout: z.string(),
  stderr: z.string(),
  startError: z.string().nullable(),
  durationMs: z.number(),
});

/** What the helper answers, outputs decoded. */
export interface SpawnedResult {
  exitCode: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: Buffer;
  startError: string | null;
  durationMs: number;
}

export interface SpawnRequest {
  file: string;
  args: readonly string[];
  cwd?: string;
  /** The whole environment of the command. */
  env: Record<string, string>;
  /** Text for stdin; null closes it. */
  input: string | null;
  /** Its own process group. */
  detached: boolean;
}

interface Helper {
  child: ChildProcess;
  pending: Map<number, (result: SpawnedResult) => void>;
}

let helper: Helper | null = null;
let nextId = 1;

const sockets = (child: ChildProcess): Socket[] => [child.stdin, child.stdout].filter((s): s is Socket => s instanceof Socket);

/** Keeps the driver alive while a request is open, and not a moment longer. */
const holdOpen = (h: Helper): void => {
  const hold = h.pending.size > 0;
  for (const socket of sockets(h.child)) {
    if (hold) socket.ref();
    else socket.unref();
  }
  if (hold) h.child.ref();
  else h.child.unref();
};

const failAll = (h: Helper, reason: string): void => {
  for (const resolve of h.pending.values()) resolve({ exitCode: null, signal: null, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), startError: reason, durationMs: 0 });
  h.pending.clear();
};

const startHelper = (): Helper => {
  // An empty environment: the helper needs none (each request carries its own), and a process-tree
  // marker inherited from the driver would make a tree scan take the helper for a member.
  const child = spawn(process.execPath, ['-e', HELPER_SOURCE], { env: {}, detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
  const h: Helper = { child, pending: new Map() };
  const end = (reason: string): void => {
    if (helper === h) helper = null;
    failAll(h, reason);
  };
  child.once('error', (error) => end(`the spawner process failed: ${error.message}`));
  child.once('exit', (code, signal) => end(`the spawner process ended (${signal ?? `exit ${code ?? '?'}`})`));
  child.stdin?.on('error', () => undefined);
  if (child.stdout !== null) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      const reply = replySchema.safeParse(parsed);
      if (!reply.success) return;
      const resolve = h.pending.get(reply.data.id);
      if (resolve === undefined) return;
      h.pending.delete(reply.data.id);
      holdOpen(h);
      const { stdout, stderr, ...rest } = reply.data;
      resolve({ ...rest, stdout: Buffer.from(stdout, 'base64'), stderr: Buffer.from(stderr, 'base64') });
    });
  }
  return h;
};

/** Runs a short command through the spawner process. Never throws: failing to start is `startError`. */
export const spawnViaHelper = (request: SpawnRequest): Promise<SpawnedResult> => {
  helper ??= startHelper();
  const h = helper;
  const id = nextId++;
  return new Promise<SpawnedResult>((resolve) => {
    h.pending.set(id, resolve);
    holdOpen(h);
    const line = JSON.stringify({ id, file: request.file, args: request.args, cwd: request.cwd ?? process.cwd(), env: request.env, input: request.input, detached: request.detached });
    h.child.stdin?.write(`${line}\n`);
  });
};
