import { SwarmError } from '../../core/domain/errors.js';
import { isIdentityAlive } from '../../process/process-identity.js';
import type { AttemptRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';
import { recordWaitReturned } from '../../store/wait-marks.js';
import { openRunStore } from '../project/open-project.js';
import { selectRun } from '../project/select-run.js';

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

export interface WaitOptions {
  cwd: string;
  /** Named attempts; none: every attempt of the latest run still running or finished since the last wait returned. */
  ids: string[];
  any: boolean;
  timeoutMs: number;
  /** Without ids: report the attempts finished after this one instead of after the last wait. */
  since?: string;
}

const row = (store: RunQueries, id: string): WaitedAttempt => {
  const a = store.requireAttempt(id);
  const parents = store.listEdges(a.runId).filter((e) => e.to === id && e.kind !== 'informed_by').sort((x, y) => x.position - y.position).map((e) => e.from);
  return { id, role: a.role, parents, status: a.status, score: a.score, hypothesis: a.hypothesis, reason: a.reason ?? a.error };
};

const driverAlive = (store: RunQueries, runId: string): boolean => {
  const run = store.getRun(runId);
  return run !== null && run.ownerPid !== null && isIdentityAlive({ pid: run.ownerPid, started: run.ownerStarted });
};

/** Finish order: when it finished, then creation order for ties and for attempts without a time. */
const finishedOrder = (a: AttemptRecord, b: AttemptRecord): number => (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || a.seq - b.seq;

/**
 * The attempts a wait without ids is about: those of the run still running, and those finished
 * since the last wait returned (recorded in the store), or since `since` finished.
 */
const attemptsToReport = (store: RunQueries, runId: string, since: string | undefined): (() => string[]) => {
  let after: AttemptRecord | null = null;
  if (since !== undefined) {
    after = store.getAttempt(since);
    if (after === null || after.runId !== runId) throw new SwarmError('NOT_FOUND', `no attempt ${since} in run ${runId}; --since takes an attempt id of that run (swarm status --json lists them)`);
    if (after.status === 'running') throw new SwarmError('USAGE', `attempt ${since} is still running; --since takes a finished attempt (or drop --since)`);
  }
  const waited = after === null ? store.reports.waitedAttempts(runId) : new Set<string>();
  const mark = after;
  const initiallyRunning = new Set(store.listAttempts(runId).filter((a) => a.status === 'running').map((a) => a.id));
  return () => {
    const attempts = store.listAttempts(runId);
    const finished = attempts
      .filter((a) => a.status !== 'running' && (mark === null ? !waited.has(a.id) : a.id !== mark.id && finishedOrder(a, mark) > 0))
      .sort(finishedOrder);
    const running = attempts.filter((a) => a.status === 'running' && initiallyRunning.has(a.id));
    return [...finished, ...running].map((a) => a.id);
  };
};

/**
 * `swarm wait`: polls the store until the attempts finish (all of them, or any with `any`). Without
 * ids it returns every attempt of the latest run finished since the last wait returned, after
 * waiting for those running; the finished ones it returns are recorded, so the next wait starts after them.
 */
export const waitAttempts = async (options: WaitOptions): Promise<WaitResult> => {
  const store = await openRunStore(options.cwd);
  try {
    if (options.since !== undefined && options.ids.length > 0) throw new SwarmError('USAGE', 'swarm wait takes attempt ids or --since, not both');
    for (const id of options.ids) if (!store.getAttempt(id)) throw new SwarmError('NOT_FOUND', `no attempt ${id}; list them with \`swarm status --json\``);
    const ids = options.ids.length > 0 ? () => options.ids : attemptsToReport(store, selectRun(store).id, options.since);
    const deadline = Date.now() + options.timeoutMs;
    const finish = (result: WaitResult): WaitResult => {
      const byRun = new Map<string, string[]>();
      for (const a of result.attempts.filter((x) => x.status !== 'running')) {
        const attemptRun = store.requireAttempt(a.id).runId;
        byRun.set(attemptRun, [...(byRun.get(attemptRun) ?? []), a.id]);
      }
      for (const [attemptRun, finished] of byRun) recordWaitReturned(store, attemptRun, finished);
      return result;
    };
    for (;;) {
      const attempts = ids().map((id) => row(store, id));
      const running = attempts.filter((a) => a.status === 'running');
      const done = options.any ? running.length < attempts.length || attempts.length === 0 : running.length === 0;
      if (done) return finish({ attempts, timedOut: false, driverGone: false });
      const runs = new Set(running.map((a) => store.requireAttempt(a.id).runId));
      if ([...runs].some((r) => !driverAlive(store, r))) return finish({ attempts, timedOut: false, driverGone: true });
      if (Date.now() >= deadline) return finish({ attempts, timedOut: true, driverGone: false });
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, deadline - Date.now()))));
    }
  } finally {
    store.close();
  }
};
