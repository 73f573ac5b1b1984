import { hostname } from 'node:os';
import type { ProcessIdentity } from '../process/process-identity.js';

/**
 * How swarm names and labels its Slurm jobs, whatever their kind (an evaluation stage today, an
 * agent tomorrow), so that a later driver finds the jobs a killed one left (docs/cluster.md):
 *
 * - name `swarm-<run>-<attempt>-<what>`: every job of run `r3` starts with `swarm-r3-`;
 * - comment `swarm root=<repository, URI-encoded> owner=<host>/<pid>/<start ticks>`: which
 *   project submitted it (every project's first run is `r1`) and which process follows it.
 */
export const swarmJobName = (runId: string | undefined, attemptId: string | undefined, what: string): string =>
  `swarm-${runId ?? 'eval'}-${attemptId ?? 'eval'}-${what}`;

/** The name prefix shared by every job of `runId`. */
export const runJobPrefix = (runId: string): string => `swarm-${runId}-`;

export interface JobOwner extends ProcessIdentity {
  host: string;
}

export const thisJobOwner = (identity: ProcessIdentity): JobOwner => ({ ...identity, host: hostname() });

export const swarmJobComment = (root: string, owner: JobOwner): string =>
  `swarm root=${encodeURIComponent(root)} owner=${encodeURIComponent(owner.host)}/${owner.pid}/${owner.started ?? '-'}`;

export interface JobTag {
  root: string;
  owner: JobOwner;
}

/** The tag of a swarm job's comment, or null for a comment swarm did not write. */
export const parseJobComment = (comment: string): JobTag | null => {
  const match = /^swarm root=(\S+) owner=([^/\s]+)\/(\d+)\/(\d+|-)$/.exec(comment.trim());
  if (match === null) return null;
  try {
    const [, root = '', host = '', pid = '', started = ''] = match;
    return { root: decodeURIComponent(root), owner: { host: decodeURIComponent(host), pid: Number(pid), started: started === '-' ? null : Number(started) } };
  } catch {
    return null;
  }
};
