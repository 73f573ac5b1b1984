import { rmSync, writeFileSync } from 'node:fs';
import { isSwarmError } from '../../core/domain/errors.js';
import { runId } from '../../core/domain/ids.js';
import type { RunStore, StoreHandle } from '../../core/ports/index.js';
import { interruptAttempt } from '../attempt/record-stop.js';
import type { Logger } from '../project/logger.js';
import { killRunProcesses } from './crash-guard.js';
import { diskFullIn, freeBytes, type DiskFull } from './disk-full.js';

/**
 * Space a driver keeps for itself in `.swarm/space-reserve` while it runs: freed the moment a write
 * fails for lack of space, so the few records that end the run cleanly (its attempts interrupted,
 * the run released) still fit on a disk that something else filled.
 */
export const RESERVE_BYTES = 1024 * 1024;

/** Below this much free space a failing git command is taken for a full disk (git does not always say ENOSPC). */
const LOW_SPACE_BYTES = 1024 * 1024;

/** Claims the reserve; throws (ENOSPC) when even that does not fit: the run does not start. */
export const claimReserve = (file: string): void => writeFileSync(file, Buffer.alloc(RESERVE_BYTES));

export interface DiskFullStop {
  /**
   * When `error` comes from a full (or read-only) file system: stops the run at once (the reserve
   * freed, its work forced to stop) and returns true, as it does for every error after that (the
   * stop's own doing). Other errors: false.
   */
  halt(error: unknown): boolean;
  /** The first full-disk error and what it was, or null. */
  readonly full: { error: unknown; disk: DiskFull } | null;
}

/** A full disk as the run's driver sees it, including a git write that failed when nearly no space was left. */
export const diskFullOf = (error: unknown, root: string): DiskFull | null => {
  const found = diskFullIn(error);
  if (found !== null) return found;
  const git = isSwarmError(error) && error.code === 'GIT_FAILED';
  const free = git ? freeBytes(root) : null;
  return free !== null && free < LOW_SPACE_BYTES ? { code: 'ENOSPC', path: null } : null;
};

export const createDiskFullStop = (input: { reserveFile: string; root: string; logger: Logger; abort: (reason: string) => void }): DiskFullStop => {
  let full: DiskFullStop['full'] = null;
  return {
    get full() {
      return full;
    },
    halt(error: unknown): boolean {
      if (full !== null) {
        input.logger.warn({ err: error }, 'after the disk filled up');
        return true;
      }
      const disk = diskFullOf(error, input.root);
      if (disk === null) return false;
      full = { error, disk };
      rmSync(input.reserveFile, { force: true });
      input.logger.error({ err: error }, 'the disk is full: the run stops');
      input.abort(`the disk is full (${disk.code})`);
      return true;
    },
  };
};

/**
 * The end of a run stopped by a full disk: its processes killed, its attempts still `running`
 * marked interrupted, the run released as interrupted with `reason` (a later `swarm run` resumes
 * it). Each write may fail again (the disk may have filled up once more): the next driver's
 * recovery does the same then.
 */
export const settleDiskFull = async (input: { runId: string; root: string; store: RunStore & StoreHandle; logger: Logger; reason: string }): Promise<void> => {
  await killRunProcesses(input.runId, input.root);
  if (!input.store.isOpen) return;
  try {
    for (const attempt of input.store.listAttempts(input.runId)) {
      if (attempt.status === 'running') interruptAttempt({ runId: runId(input.runId), store: input.store }, attempt.id);
    }
    input.store.updateRun(input.runId, { status: 'interrupted', ownerPid: null, stopReason: input.reason });
    input.store.addEvent(input.runId, 'run.disk-full', { reason: input.reason });
  } catch (error) {
    input.logger.error({ err: error }, 'could not record the stop for a full disk; the next `swarm run` recovers the run');
  }
};
