import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isIdentityAlive } from '../process/process-identity.js';
import { parseJobComment, runJobPrefix, type JobOwner } from './job-tag.js';
import { slurmCli, type QueuedJob, type SlurmCli } from './slurm-cli.js';

/** States squeue lists for a job that has ended or is ending: nothing left to cancel. */
const ENDING = /^(COMPLETING|COMPLETED|CANCELLED|FAILED|TIMEOUT|NODE_FAIL|PREEMPTED|BOOT_FAIL|DEADLINE|OUT_OF_MEMORY|SPECIAL_EXIT)/;
const GONE_WAIT_MS = 20_000;

export interface LeftoverQuery {
  /** The project whose jobs are looked for (the `root=` of their comment). */
  root: string;
  /** Runs whose jobs are looked for: their names start with `swarm-<run>-`. */
  runIds: readonly string[];
  /** Whether the process following a job still runs (then the job is its, not a leftover). */
  ownerAlive?: (owner: JobOwner) => boolean;
}

/** A submitter on this machine that still runs; one on another machine is taken for gone (its pid means nothing here). */
export const ownerAliveHere = (owner: JobOwner): boolean =>
  owner.host === hostname() && (owner.pid === process.pid || isIdentityAlive({ pid: owner.pid, started: owner.started }));

/**
 * The jobs in the queue that a dead driver of the project left: named for one of `runIds`, tagged
 * with the project, not ended, and not followed by a live process (a `swarm review` of the same
 * project keeps its jobs). Whatever their kind: evaluation stages and agents share the convention.
 */
export const leftoverJobs = (queue: readonly QueuedJob[], query: LeftoverQuery): QueuedJob[] => {
  const prefixes = query.runIds.map(runJobPrefix);
  const alive = query.ownerAlive ?? ownerAliveHere;
  return queue.filter((job) => {
    if (ENDING.test(job.state) || !prefixes.some((prefix) => job.name.startsWith(prefix))) return false;
    const tag = parseJobComment(job.comment);
    return tag !== null && tag.root === query.root && !alive(tag.owner);
  });
};

/** squeue, asked up to three times a second apart: a busy controller answers late, not never. */
const listPatiently = async (cli: SlurmCli): Promise<QueuedJob[] | null> => {
  for (let attempt = 0; ; attempt++) {
    const queue = await cli.list();
    if (queue !== null || attempt >= 2) return queue;
    await sleep(1000);
  }
};

export interface CancelledJobs {
  /** The jobs cancelled, with their names. */
  cancelled: QueuedJob[];
  /** Of those, the ones squeue still listed as pending or running when the wait ended. */
  stillListed: string[];
  /** squeue could not be asked (no Slurm here, no controller): nothing was looked for. */
  unavailable: boolean;
}

/**
 * `scancel`s the leftover jobs of the project's runs and waits (up to 20 s) until squeue lists
 * none of them as pending or running, so their GPUs are free for what the new driver submits.
 */
export const cancelLeftoverJobs = async (query: LeftoverQuery, cli: SlurmCli = slurmCli()): Promise<CancelledJobs> => {
  const queue = await listPatiently(cli);
  if (queue === null) return { cancelled: [], stillListed: [], unavailable: true };
  const cancelled = leftoverJobs(queue, query);
  if (cancelled.length === 0) return { cancelled, stillListed: [], unavailable: false };
  await Promise.all(cancelled.map((job) => cli.cancel(job.id)));
  const ids = new Set(cancelled.map((job) => job.id));
  const deadline = Date.now() + GONE_WAIT_MS;
  for (;;) {
    const live = ((await cli.list()) ?? []).filter((job) => ids.has(job.id) && !ENDING.test(job.state)).map((job) => job.id);
    if (live.length === 0 || Date.now() > deadline) return { cancelled, stillListed: live, unavailable: false };
    await sleep(250);
  }
};
