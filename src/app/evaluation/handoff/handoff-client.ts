import { randomBytes } from 'node:crypto';
import { lstat, lutimes, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HeldDir, readBounded } from '../../../workspace/confined-fs.js';
import {
  ACK_TIMEOUT_MS, CLIENT_HEARTBEAT_MS, MAX_RESPONSE_BYTES, STALE_MS, handoffFiles, handoffResponseSchema, type HandoffRequest, type HandoffResponse,
} from './handoff-protocol.js';

export type HandoffOutcome =
  | { kind: 'answered'; response: HandoffResponse }
  /** Nobody took the request: no driver listens (the caller evaluates itself). */
  | { kind: 'no-driver' }
  | { kind: 'failed'; reason: string };

export interface HandoffTiming {
  ackTimeoutMs?: number;
  staleMs?: number;
  pollMs?: number;
}

const exists = async (file: string): Promise<{ mtimeMs: number; size: number; isFile: boolean } | null> => {
  const stat = await lstat(file).catch(() => null);
  return stat === null ? null : { mtimeMs: stat.mtimeMs, size: stat.size, isFile: stat.isFile() };
};

/**
 * `swarm eval` inside an attempt: asks the swarm driver to evaluate the attempt's checkout and
 * waits for its answer (see handoff-protocol.ts). Never throws for a missing or silent driver.
 */
export const requestDriverEvaluation = async (dir: string, request: HandoffRequest, signal: AbortSignal, timing: HandoffTiming = {}): Promise<HandoffOutcome> => {
  const ackTimeoutMs = timing.ackTimeoutMs ?? ACK_TIMEOUT_MS;
  const staleMs = timing.staleMs ?? STALE_MS;
  const pollMs = timing.pollMs ?? 50;
  const id = randomBytes(8).toString('hex');
  let held: HeldDir | null = null;
  try {
    await mkdir(dir, { recursive: true });
    // Held by descriptor: a folder swapped for a symlink while this waits redirects nothing.
    held = await HeldDir.open(dir);
    if (held === null) return { kind: 'failed', reason: `the hand-off folder ${dir} is not a plain directory (a symlink?); swarm eval does not write through it` };
  } catch (error) {
    return { kind: 'failed', reason: `cannot open the hand-off folder ${dir}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const files = handoffFiles(held.self, id);
  try {
    await writeFile(files.alive, '', { flag: 'wx' });
    const tmp = join(held.self, `req-${id}.tmp`);
    await writeFile(tmp, JSON.stringify(request), { flag: 'wx' });
    await rename(tmp, files.request);
  } catch (error) {
    await held.close();
    return { kind: 'failed', reason: `cannot write the evaluation request in ${dir}: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    return await waitForAnswer(files, dir, signal, { ackTimeoutMs, staleMs, pollMs });
  } finally {
    await unlink(files.alive).catch(() => undefined);
    await held.close();
  }
};

const waitForAnswer = async (
  files: ReturnType<typeof handoffFiles>, dir: string, signal: AbortSignal, timing: { ackTimeoutMs: number; staleMs: number; pollMs: number },
): Promise<HandoffOutcome> => {
  const { ackTimeoutMs, staleMs, pollMs } = timing;
  const started = Date.now();
  let touched = started;
  let vanished = 0;
  for (;;) {
    // A sign of life for the driver, which stops the evaluation once this process is gone.
    if (Date.now() - touched >= CLIENT_HEARTBEAT_MS) {
      touched = Date.now();
      await lutimes(files.alive, new Date(), new Date()).catch(() => undefined);
    }
    if (signal.aborted) {
      await unlink(files.request).catch(() => undefined);
      return { kind: 'failed', reason: 'stopped while waiting for the swarm to evaluate the checkout' };
    }
    const response = await exists(files.response);
    if (response !== null) return readResponse(files.response);
    if ((await exists(files.request)) !== null) {
      // Unlinking decides the race with a driver taking it: whoever moves the file first wins.
      if (Date.now() - started > ackTimeoutMs && (await unlink(files.request).then(() => true, () => false))) return { kind: 'no-driver' };
    } else {
      const busy = await exists(files.busy);
      if (busy !== null && Date.now() - busy.mtimeMs > staleMs) {
        return { kind: 'failed', reason: `the swarm driver stopped answering (no sign of life for ${Math.round(staleMs / 1000)} s)` };
      }
      // Between the driver's rename of the answer and its removal of the busy file, both exist.
      if (busy === null && (await exists(files.response)) === null && ++vanished > 3) {
        return { kind: 'failed', reason: `the evaluation request in ${dir} disappeared without an answer` };
      }
    }
    // Short waits first (a fast evaluator answers in milliseconds), then every pollMs.
    await sleep(Math.min(pollMs, 2 + (Date.now() - started) / 10)).catch(() => undefined);
  }
};

const readResponse = async (file: string): Promise<HandoffOutcome> => {
  try {
    const read = await readBounded(file, MAX_RESPONSE_BYTES);
    if (!read.ok) return { kind: 'failed', reason: `the swarm's answer is not a regular file of at most ${MAX_RESPONSE_BYTES} bytes` };
    const parsed = handoffResponseSchema.safeParse(JSON.parse(read.bytes.toString('utf8')));
    return parsed.success ? { kind: 'answered', response: parsed.data } : { kind: 'failed', reason: 'the swarm\'s answer does not match the hand-off protocol (version 1)' };
  } catch (error) {
    return { kind: 'failed', reason: `cannot read the swarm's answer: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await unlink(file).catch(() => undefined);
  }
};
