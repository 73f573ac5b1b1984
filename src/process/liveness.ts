import { isGoneState, readProcStat } from './proc-stat.js';

/**
 * True while `pid` is a running (non-zombie) process. A killed orphan stays a zombie until init
 * reaps it, and some container inits never do: `kill(pid, 0)` alone would call it alive forever.
 */
export const isProcessAlive = async (pid: number): Promise<boolean> => {
  if (!signalReaches(pid)) return false;
  const stat = await readProcStat(pid);
  return stat === null ? process.platform !== 'linux' : !isGoneState(stat.state);
};

/** `kill(target, 0)`: a process (or, for a negative id, a process group) exists. */
export const signalReaches = (target: number): boolean => {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
};
