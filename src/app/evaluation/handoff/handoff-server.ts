import { watch, type FSWatcher } from 'node:fs';
import { lstat, lutimes, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import type { HeldDir } from '../../../workspace/confined-fs.js';
import { openHandoffFolder, readRequest, removeHandoffFolder, stillInPlace } from './handoff-folder.js';
import {
  CLIENT_GONE, CLIENT_HEARTBEAT_MS, CLIENT_STALE_MS, HANDOFF_ENV, HEARTBEAT_MS, MAX_PENDING, boundText, handoffDir, handoffFiles, requestIdOf,
  type HandoffRequest, type HandoffResponse,
} from './handoff-protocol.js';

export type HandoffResult = Extract<HandoffResponse, { ok: true }>['result'];

export interface HandoffAttempt {
  attemptId: string;
  worktree: string;
}

export interface HandoffHandlers {
  /** Evaluates the attempt's checkout and records it; throws only for bugs. */
  evaluate: (attempt: HandoffAttempt, request: HandoffRequest, signal: AbortSignal) => Promise<HandoffResult>;
  /** Why this request is not evaluated at all (a spent evaluation budget), else null. */
  refuse?: (attempt: HandoffAttempt) => string | null;
  /** A request that could not be answered with a score (malformed, too many, refused, a failed evaluation). */
  onFailure: (attempt: HandoffAttempt, reason: string) => void;
  /** A swarm-owned path of the worktree the agent replaced (a symlink or a file): left alone. */
  onRefusedPath?: (attempt: HandoffAttempt, problem: string) => void;
}

interface Registration extends HandoffAttempt {
  /** The folder, held by descriptor: its entries are reached without following any link. */
  held: HeldDir;
  /** `held.self`, the base of the file names (handoffFiles) the driver works with. */
  dir: string;
  pending: Set<string>;
  chain: Promise<void>;
  controller: AbortController;
  watcher: FSWatcher | null;
  scanning: boolean;
}

const POLL_MS = 250;

/**
 * A signal aborted with CLIENT_GONE once the requesting `swarm eval` stops touching its alive file
 * (killed by an agent's tool timeout), or with the attempt's own abort.
 */
const watchClient = (alive: string, attempt: AbortSignal): { signal: AbortSignal; stop: () => void } => {
  const controller = new AbortController();
  const onAttempt = (): void => controller.abort(attempt.reason);
  attempt.addEventListener('abort', onAttempt, { once: true });
  const timer = setInterval(() => {
    void lstat(alive).then(
      (stat) => (Date.now() - stat.mtimeMs > CLIENT_STALE_MS ? controller.abort(CLIENT_GONE) : undefined),
      () => controller.abort(CLIENT_GONE),
    );
  }, CLIENT_HEARTBEAT_MS);
  timer.unref();
  return {
    signal: controller.signal,
    stop: () => {
      clearInterval(timer);
      attempt.removeEventListener('abort', onAttempt);
    },
  };
};

/**
 * The driver's end of the `swarm eval` hand-off (see handoff-protocol.ts): one folder per running
 * attempt, watched (inotify, with a slow poll as a safety net), requests of one attempt answered
 * one at a time in order. Everything it created is removed when an attempt closes or the run ends.
 */
export class EvalHandoffServer {
  private readonly attempts = new Map<string, Registration>();
  private readonly poll: NodeJS.Timeout;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly handlers: HandoffHandlers) {
    this.poll = setInterval(() => this.scanAll(), POLL_MS);
    this.heartbeat = setInterval(() => this.touchBusy(), HEARTBEAT_MS);
    this.poll.unref();
    this.heartbeat.unref();
  }

  /** Starts listening for one attempt; returns the environment its agent needs and the closer. */
  async open(attempt: HandoffAttempt): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
    const folder = await openHandoffFolder(attempt.worktree);
    if ('refused' in folder) {
      // No hand-off for this attempt: its `swarm eval` evaluates by itself.
      this.handlers.onRefusedPath?.(attempt, folder.refused);
      return { env: {}, close: async () => undefined };
    }
    const registration: Registration = {
      ...attempt, held: folder.dir, dir: folder.dir.self, pending: new Set(), chain: Promise.resolve(), controller: new AbortController(), watcher: null, scanning: false,
    };
    try {
      registration.watcher = watch(registration.dir, () => void this.scan(registration));
      registration.watcher.on('error', () => undefined);
    } catch {
      // no inotify: the poll still finds requests
    }
    this.attempts.set(attempt.attemptId, registration);
    return { env: { [HANDOFF_ENV]: handoffDir(attempt.worktree) }, close: () => this.close(attempt.attemptId) };
  }

  /** Stops every attempt's listener and removes the folders (the run ended). */
  async stop(): Promise<void> {
    clearInterval(this.poll);
    clearInterval(this.heartbeat);
    await Promise.all([...this.attempts.keys()].map((id) => this.close(id)));
  }

  private async close(attemptId: string): Promise<void> {
    const registration = this.attempts.get(attemptId);
    if (!registration) return;
    this.attempts.delete(attemptId);
    registration.watcher?.close();
    registration.controller.abort();
    await registration.chain;
    await registration.held.close();
    const refused = await removeHandoffFolder(registration.worktree);
    if (refused !== null) this.handlers.onRefusedPath?.(registration, refused);
  }

  private scanAll(): void {
    for (const registration of this.attempts.values()) void this.scan(registration);
  }

  private async scan(registration: Registration): Promise<void> {
    if (registration.scanning || registration.controller.signal.aborted) return;
    registration.scanning = true;
    try {
      // The agent owns the worktree: a folder moved away or replaced by a symlink is not served.
      if (!(await stillInPlace(registration.worktree, registration.held))) return;
      for (const name of await readdir(registration.dir).catch(() => [])) {
        const id = requestIdOf(name);
        if (id === null || registration.pending.has(id)) continue;
        const files = handoffFiles(registration.dir, id);
        // The rename is the acknowledgement; a client that gave up first removed the file.
        if (!(await rename(files.request, files.busy).then(() => true, () => false))) continue;
        registration.pending.add(id);
        if (registration.pending.size > MAX_PENDING) {
          void this.answer(registration, id, { version: 1, ok: false, error: `more than ${MAX_PENDING} evaluations requested at once; wait for the running ones` }, true);
          continue;
        }
        registration.chain = registration.chain.then(() => this.handle(registration, id));
      }
    } finally {
      registration.scanning = false;
    }
  }

  private async handle(registration: Registration, id: string): Promise<void> {
    const files = handoffFiles(registration.dir, id);
    const request = await readRequest(registration.held, `busy-${id}.json`);
    if (!request.ok) {
      await this.answer(registration, id, { version: 1, ok: false, error: request.error }, true);
      return;
    }
    if (registration.controller.signal.aborted) return;
    const refusal = this.handlers.refuse?.(registration) ?? null;
    if (refusal !== null) {
      await this.answer(registration, id, { version: 1, ok: false, error: refusal }, true);
      return;
    }
    const client = watchClient(files.alive, registration.controller.signal);
    try {
      const result = await this.handlers.evaluate(registration, request.value, client.signal);
      await this.answer(registration, id, { version: 1, ok: true, result }, false);
    } catch (error) {
      const reason = `the swarm could not evaluate the checkout: ${error instanceof Error ? error.message : String(error)}`;
      await this.answer(registration, id, { version: 1, ok: false, error: boundText(reason) ?? reason }, true);
    } finally {
      client.stop();
    }
  }

  private async answer(registration: Registration, id: string, response: HandoffResponse, failed: boolean): Promise<void> {
    const files = handoffFiles(registration.dir, id);
    if (failed && !response.ok) this.handlers.onFailure(registration, response.error);
    // 'wx' after the unlink: a symlink the agent planted under the temporary name is not followed.
    await unlink(files.responseTmp).catch(() => undefined);
    await writeFile(files.responseTmp, JSON.stringify(response), { flag: 'wx' }).then(() => rename(files.responseTmp, files.response)).catch(() => undefined);
    await unlink(files.busy).catch(() => undefined);
    registration.pending.delete(id);
  }

  private touchBusy(): void {
    const now = new Date();
    for (const registration of this.attempts.values()) {
      for (const id of registration.pending) void lutimes(handoffFiles(registration.dir, id).busy, now, now).catch(() => undefined);
    }
  }
}
