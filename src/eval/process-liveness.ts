import { readFile } from 'node:fs/promises';

interface ProcStat {
  state: string;
  pgrp: number;
}

/**
 * True while `pid` is a running (non-zombie) process. A killed orphan stays a zombie until init
 * reaps it, and some container inits never do: `kill(pid, 0)` alone would call it alive forever.
 */
export const isProcessAlive = async (pid: number): Promise<boolean> => {
  if (!signalReaches(pid)) return false;
  const stat = await readProcStat(String(pid));
  return stat === null ? process.platform !== 'linux' : !isDead(stat.state);
};

const signalReaches = (target: number): boolean => {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
};

const isDead = (state: string): boolean => state === 'Z' || state === 'X';

const readProcStat = async (pid: string): Promise<ProcStat | null> => {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid pgrp ...": comm may itself contain spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const pgrp = Number(fields[2]);
  return state === undefined || !Number.isInteger(pgrp) ? null : { state, pgrp };
};
