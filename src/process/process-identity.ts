import { signalReaches } from './liveness.js';
import { isGoneState, readProcStatSync } from './proc-stat.js';

/** A process as the store records a run's driver: its pid and when it started. */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks since boot (`/proc/<pid>/stat` field 22); null where `/proc` is missing. */
  started: number | null;
}

/** Start time of `pid` in clock ticks since boot, or null when it cannot be read. */
export const processStartTime = (pid: number): number | null => readProcStatSync(pid)?.startTime ?? null;

export const currentProcessIdentity = (): ProcessIdentity => ({ pid: process.pid, started: processStartTime(process.pid) });

/**
 * True while the process recorded as `owner` still runs: same pid, not a zombie, and (where both
 * are known) the same start time, so a pid reused after the owner died is not mistaken for it.
 */
export const isIdentityAlive = (owner: ProcessIdentity): boolean => {
  if (!signalReaches(owner.pid)) return false;
  const stat = readProcStatSync(owner.pid);
  if (stat === null) return process.platform !== 'linux';
  if (isGoneState(stat.state)) return false;
  return owner.started === null || stat.startTime === null || stat.startTime === owner.started;
};
