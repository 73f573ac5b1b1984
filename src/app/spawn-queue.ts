import { z } from 'zod';
import { isIdentityAlive } from '../eval/process-identity.js';
import type { AttemptRecord } from '../store/records.js';
import type { SwarmStore } from '../store/swarm-store.js';

/** `.swarm/spawn-driver.json`: the live background driver of `swarm spawn`, if any. */
export const SPAWN_DRIVER_FILE = 'spawn-driver.json';
export const SPAWN_STOP_REASON = 'every spawned attempt finished; `swarm spawn` continues this run';
export const SPAWNED_EVENT = 'attempt.spawned';

export const driverIdentity = z.object({ pid: z.number().int(), started: z.number().int().nullable(), runId: z.string() });
export type DriverIdentity = z.output<typeof driverIdentity>;

/** Attempts `swarm spawn` recorded that no driver has prepared yet: running, phase prepare, no worktree. */
export const queuedAttempts = (store: SwarmStore, runId: string): AttemptRecord[] => {
  const spawned = new Set(
    store.db.prepare('SELECT attempt_id FROM events WHERE run_id = ? AND type = ?').pluck().all(runId, SPAWNED_EVENT).filter((id): id is string => typeof id === 'string'),
  );
  return store.listRunningAttempts().filter((a) => a.runId === runId && spawned.has(a.id) && a.phase === 'prepare' && a.worktree === null);
};

/** Whether the driver named in the file still lives and still owns its run. */
export const isDriverLive = (store: SwarmStore, driver: DriverIdentity | null): boolean => {
  if (driver === null) return false;
  const run = store.getRun(driver.runId);
  return run !== null && run.status === 'running' && run.ownerPid === driver.pid && isIdentityAlive({ pid: driver.pid, started: driver.started });
};
