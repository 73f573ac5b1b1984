import { readFileSync } from 'node:fs';

/** A process as the store records a run's driver: its pid and when it started. */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks since boot (`/proc/<pid>/stat` field 22); null where `/proc` is missing. */
  started: number | null;
}

/** `/proc/<pid>/stat` after the command name (which may itself hold spaces and parentheses). */
const statFields = (pid: number): string[] | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
};

/** Start time of `pid` in clock ticks since boot, or null when it cannot be read. */
export const processStartTime = (pid: number): number | null => {
  // Fields after the name start at 3 (state); starttime is field 22.
  const started = Number(statFields(pid)?.[22 - 3]);
  return Number.isInteger(started) ? started : null;
};

export const currentProcessIdentity = (): ProcessIdentity => ({ pid: process.pid, started: processStartTime(process.pid) });

/**
 * True while the process recorded as `owner` still runs: same pid, not a zombie, and (where both
 * are known) the same start time, so a pid reused after the owner died is not mistaken for it.
 */
export const isIdentityAlive = (owner: ProcessIdentity): boolean => {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EPERM')) return false;
  }
  const fields = statFields(owner.pid);
  if (fields === null) return process.platform !== 'linux';
  const state = fields[0];
  if (state === 'Z' || state === 'X') return false;
  const started = Number(fields[22 - 3]);
  return owner.started === null || !Number.isInteger(started) || started === owner.started;
};
