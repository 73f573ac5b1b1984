import type { RunStatus } from '../../core/domain/types.js';
import type { StaleRun } from '../../core/views/report.js';
import type { RunQueries } from '../../core/ports/index.js';
import { isIdentityAlive } from '../../process/process-identity.js';

/** What `staleRun` asks of the store: whether the run is the latest, and when it last recorded anything. */
export interface StaleRunReads {
  latestRunId(): string | null;
  lastEventAt(runId: string): number | null;
}

/**
 * A `running` run whose driver is gone (pid dead, or reused by a process with another start
 * time): what `status` shows instead of a run that looks alive forever.
 */
export const staleRun = (
  reads: StaleRunReads,
  run: { id: string; status: RunStatus; ownerPid: number | null; ownerStarted: number | null; createdAt: number },
): StaleRun | null => {
  if (run.status !== 'running') return null;
  if (run.ownerPid !== null && isIdentityAlive({ pid: run.ownerPid, started: run.ownerStarted })) return null;
  return {
    ownerPid: run.ownerPid,
    lastActivityAt: reads.lastEventAt(run.id) ?? run.createdAt,
    command: reads.latestRunId() === run.id ? 'swarm run' : 'swarm run --new',
  };
};

/** The store's answers to `staleRun`'s two questions. */
export const storeStaleReads = (store: Pick<RunQueries, 'latestRun' | 'lastEventAt'>): StaleRunReads => ({
  latestRunId: () => store.latestRun()?.id ?? null,
  lastEventAt: (id) => store.lastEventAt(id),
});

/** Why a row left `running` by a driver that is gone shows as interrupted. */
export const orphanReason = (stale: StaleRun): string =>
  `its driver${stale.ownerPid === null ? '' : ` (pid ${stale.ownerPid})`} is gone; \`${stale.command}\` recovers it`;
