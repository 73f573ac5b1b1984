/**
 * Failures of the machine rather than of swarm: a full disk (ENOSPC, EDQUOT, EROFS, SQLite's
 * SQLITE_FULL) and an output pipe whose reader went away (EPIPE). Each ends a command with one
 * line saying what happened and what to do, exit 1, instead of a stack trace and "a bug".
 */

import { isSwarmError } from '../core/domain/errors.js';

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'SQLITE_FULL']);
const CLOSED = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

interface Coded {
  code: string;
  path?: string;
  syscall?: string;
}

const codedIn = (error: unknown): Coded | null => {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : null;
    if (code !== null && (FULL.has(code) || CLOSED.has(code))) {
      const path = 'path' in current && typeof current.path === 'string' ? current.path : undefined;
      const syscall = 'syscall' in current && typeof current.syscall === 'string' ? current.syscall : undefined;
      return { code, ...(path === undefined ? {} : { path }), ...(syscall === undefined ? {} : { syscall }) };
    }
  }
  return null;
};

/** The one line for a full disk or a closed output pipe anywhere in `error`'s cause chain, else null. */
export const ioFailureLine = (error: unknown, command: string): string | null => {
  // A run stopped by a full disk already says which file system and what to do (app/run/disk-full.ts).
  if (isSwarmError(error) && error.code === 'DISK_FULL') return `swarm: ${error.message}`;
  const coded = codedIn(error);
  if (coded === null) return null;
  if (CLOSED.has(coded.code)) return `swarm: the output of \`swarm ${command}\` was closed before it was all written (${coded.code}); nothing else is affected`;
  const where = coded.code === 'SQLITE_FULL' ? 'the run database (.swarm/swarm.db)' : coded.path !== undefined ? coded.path : 'its output, a log or a record of the run';
  const resume = command === 'run' || command === 'spawn'
    ? '; what was recorded is kept: free space, then `swarm run` resumes where it stopped'
    : '; free space and run it again';
  return `swarm: the disk is full (${coded.code}) writing ${where}${resume}`;
};
