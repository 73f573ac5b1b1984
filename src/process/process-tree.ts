import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { isProcessAlive } from './liveness.js';
import { isGoneState, listProcessIdsSync, procEnvironListHas, readProcStatSync, type ProcStat } from './proc-stat.js';

/**
 * Names the process trees a process belongs to: every process started through `runProcessGroup`
 * gets the tokens it inherited plus one of its own, comma-separated. The variable survives
 * `setsid`, double forks and nested swarm calls (an agent's `swarm eval`), where process groups
 * and sessions do not; only a process that replaces its own environment sheds it.
 */
export const TREE_MARKER = 'SWARM_PROCESS_TREES';

const AFTER_KILL_WAIT_MS = 2000;
const POLL_MS = 50;
const MAX_KILL_ROUNDS = 5;

/** A process tree to stop: the leader's process group and every process carrying the token. */
export interface ProcessTree {
  pgid: number;
  token: string;
}

export const newTreeToken = (): string => randomBytes(9).toString('base64url');

/** The marker value a child of a process with `inherited` gets for its own tree `token`. */
export const markerFor = (inherited: string | undefined, token: string): string =>
  inherited === undefined || inherited === '' ? token : `${inherited},${token}`;

/**
 * The running members of `tree`, from one scan of `/proc` (Linux; elsewhere only a live process
 * group is reported, as its negative id). The calling process is never a member. The scan reads
 * synchronously (a few ms for hundreds of processes; asynchronous reads cost the driver about
 * three times the CPU in promises and thread-pool hops, see docs/decisions.md, issue 29).
 */
export const findTreeMembers = async (tree: ProcessTree): Promise<number[]> => {
  const groupAlive = groupReachable(tree.pgid);
  const entries = process.platform === 'linux' ? listProcessIdsSync() : null;
  if (entries === null) return groupAlive ? [-tree.pgid] : [];
  const isMember = (pid: string): boolean => {
    // Once the group is gone (the usual end of an evaluation) only the marker can find anyone.
    const stat = groupAlive ? readProcStatSync(Number(pid)) : null;
    if (stat !== null && stat.pgrp === tree.pgid) return isRunning(stat);
    return carriesToken(pid, tree.token) && isRunning(stat ?? readProcStatSync(Number(pid)));
  };
  return entries.filter(isMember).map(Number);
};

/**
 * Stops every process of `tree`: SIGTERM, then SIGKILL to whatever is left after `graceMs`,
 * rescanning until a scan finds none (a dying member may have forked). When nothing is left the
 * cost is one `/proc` scan. Never throws.
 */
export const killTree = async (tree: ProcessTree, graceMs: number): Promise<number> => {
  const found = await findTreeMembers(tree);
  if (found.length === 0) return 0;
  signalAll(found, 'SIGTERM');
  await waitUntilGone(found, graceMs);
  for (let round = 0; round < MAX_KILL_ROUNDS; round++) {
    const members = await findTreeMembers(tree);
    if (members.length === 0) break;
    signalAll(members, 'SIGKILL');
    await waitUntilGone(members, AFTER_KILL_WAIT_MS);
  }
  return found.length;
};

/**
 * Waits until `leader` (started with `token` in its SWARM_PROCESS_TREES marker, as a group leader)
 * has exited or failed to start, then stops what it left behind: its group, and `setsid`
 * descendants carrying the token. After a normal exit this costs one `/proc` scan. Returns how
 * many processes it found left (0 for a tree that ended with its leader).
 */
export const stopTreeAfterExit = async (leader: ChildProcess, token: string, graceMs: number): Promise<number> => {
  if (leader.pid === undefined) return 0;
  const pgid = leader.pid;
  if (leader.exitCode === null && leader.signalCode === null) {
    await new Promise<void>((resolve) => {
      leader.once('exit', () => resolve());
      leader.once('error', () => resolve());
    });
  }
  return killTree({ pgid, token }, graceMs);
};

const signalAll = (targets: number[], signal: NodeJS.Signals): void => {
  for (const target of targets) {
    try {
      process.kill(target, signal);
    } catch {
      // ESRCH: already gone; EPERM: it changed credentials, nothing more we can do.
    }
  }
};

const waitUntilGone = async (targets: number[], limitMs: number): Promise<void> => {
  const deadline = performance.now() + limitMs;
  let left = targets;
  for (;;) {
    const alive = await Promise.all(left.map((target) => (target < 0 ? groupReachable(-target) : isProcessAlive(target))));
    left = left.filter((_, index) => alive[index] === true);
    if (left.length === 0 || performance.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, deadline - performance.now()))));
  }
};

const groupReachable = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

// Another user's process, or one that just exited, cannot be read: it is not ours to kill.
const carriesToken = (pid: string, token: string): boolean => procEnvironListHas(pid, TREE_MARKER, token);

const isRunning = (stat: ProcStat | null): boolean => stat !== null && !isGoneState(stat.state);
