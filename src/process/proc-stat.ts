import { readFileSync, readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/** The fields of `/proc/<pid>/stat` that swarm reads. */
export interface ProcStat {
  /** The command name (at most 15 bytes; may hold spaces and parentheses). */
  name: string;
  /** One letter: R running, S sleeping, Z zombie, X dead, … */
  state: string;
  pgrp: number;
  /** Clock ticks since boot (field 22); null when the line is cut short. */
  startTime: number | null;
}

/** Parses "pid (comm) state ppid pgrp … starttime …"; null when the text is not such a line. */
export const parseProcStat = (text: string): ProcStat | null => {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  // Fields after the name start at 3 (state), so field n is at index n - 3.
  const fields = text.slice(close + 2).split(' ');
  const state = fields[0];
  const pgrp = Number(fields[5 - 3]);
  const startTime = Number(fields[22 - 3]);
  if (state === undefined || state === '' || !Number.isInteger(pgrp)) return null;
  return { name: text.slice(open + 1, close), state, pgrp, startTime: Number.isInteger(startTime) ? startTime : null };
};

/** `/proc/<pid>/stat`, or null when the process is gone, unreadable, or there is no `/proc`. */
export const readProcStat = async (pid: number | string): Promise<ProcStat | null> => {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return text === null ? null : parseProcStat(text);
};

/** `readProcStat` for synchronous callers (status rendering, lock checks). */
export const readProcStatSync = (pid: number): ProcStat | null => {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
};

/** A zombie (exited, not yet reaped) or dead process: it runs no more code. */
export const isGoneState = (state: string): boolean => state === 'Z' || state === 'X';

/** Ids of the processes in `/proc`, without the calling one; null where `/proc` cannot be listed. */
export const listProcessIds = async (selfPid = process.pid): Promise<string[] | null> => {
  try {
    return (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry) && Number(entry) !== selfPid);
  } catch {
    return null;
  }
};

/** The environment `pid` started with; empty for another user's process or one that just exited. */
export const readProcEnviron = async (pid: string): Promise<Map<string, string>> => {
  const text = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
  const entries = text.split('\0').filter((kv) => kv.includes('='));
  return new Map(entries.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
};

/** `listProcessIds` for the synchronous tree scan. */
export const listProcessIdsSync = (selfPid = process.pid): string[] | null => {
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && Number(entry) !== selfPid);
  } catch {
    return null;
  }
};

/**
 * True when `pid` started with `name=…` in its environment holding `item` as one of its
 * comma-separated values. Read synchronously and parsed only when the raw text holds `item`: the
 * tree scan asks this of every process on the machine after each agent and evaluation.
 */
export const procEnvironListHas = (pid: string, name: string, item: string): boolean => {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return false;
  }
  if (!text.includes(item)) return false;
  const entry = text.split('\0').find((kv) => kv.startsWith(`${name}=`));
  return entry?.slice(name.length + 1).split(',').includes(item) === true;
};
