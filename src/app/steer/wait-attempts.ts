import { SwarmError } from '../../core/domain/errors.js';
import { isIdentityAlive } from '../../process/process-identity.js';
import type { SwarmStore } from '../../store/swarm-store.js';
import { openRunStore, selectRun } from '../setup/open-store.js';

const POLL_MS = 300;

export interface WaitedAttempt {
  id: string;
  role: string;
  parents: string[];
  status: string;
  score: number | null;
  hypothesis: string | null;
  reason: string | null;
}

export interface WaitResult {
  attempts: WaitedAttempt[];
  /** The wait ended at --timeout with attempts still running. */
  timedOut: boolean;
  /** The driver of their run is gone while some were still running. */
  driverGone: boolean;
}

const row = (store: SwarmStore, id: string): WaitedAttempt => {
  const a = store.requireAttempt(id);
  const parents = store.listEdges(a.runId).filter((e) => e.to === id && e.kind !== 'informed_by').sort((x, y) => x.position - y.position).map((e) => e.from);
  return { id, role: a.role, parents, status: a.status, score: a.score, hypothesis: a.hypothesis, reason: a.reason ?? a.error };
};

const driverAlive = (store: SwarmStore, runId: string): boolean => {
  const run = store.getRun(runId);
  return run !== null && run.ownerPid !== null && isIdentityAlive({ pid: run.ownerPid, started: run.ownerStarted });
};

/** `swarm wait`: polls the store until the attempts finish (all of them, or any with `any`). */
export const waitAttempts = async (options: { cwd: string; ids: string[]; any: boolean; timeoutMs: number }): Promise<WaitResult> => {
  const store = await openRunStore(options.cwd);
  try {
    const ids = options.ids.length > 0 ? options.ids : store.listRunningAttempts().filter((a) => a.runId === selectRun(store).id).map((a) => a.id);
    for (const id of ids) if (!store.getAttempt(id)) throw new SwarmError('NOT_FOUND', `no attempt ${id}; list them with \`swarm status --json\``);
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const attempts = ids.map((id) => row(store, id));
      const running = attempts.filter((a) => a.status === 'running');
      const done = options.any ? running.length < attempts.length || attempts.length === 0 : running.length === 0;
      if (done) return { attempts, timedOut: false, driverGone: false };
      const runs = new Set(running.map((a) => store.requireAttempt(a.id).runId));
      if ([...runs].some((runId) => !driverAlive(store, runId))) return { attempts, timedOut: false, driverGone: true };
      if (Date.now() >= deadline) return { attempts, timedOut: true, driverGone: false };
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, deadline - Date.now()))));
    }
  } finally {
    store.close();
  }
};
