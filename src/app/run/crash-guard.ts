import { findOrphans } from '../../process/find-orphans.js';
import type { RunStore, StoreHandle } from '../../core/ports/index.js';
import type { Logger } from '../project/logger.js';

/** How long the crash cleanup may take before the process exits anyway. */
const CLEANUP_MS = 5_000;

export interface CrashGuardTarget {
  runId: string;
  root: string;
  store: RunStore & StoreHandle;
  logger: Logger;
  /** Flushes and closes the run log. */
  flush: () => void;
  /** Stops the run's work at once (a forced stop, with the run's stop reason), so nothing new starts while the guard cleans up. */
  abort: (stopReason: string) => void;
  /** True when `error` stops the run for a full disk (see disk-full-stop.ts) instead: no crash then. */
  halt?: (error: unknown) => boolean;
}

/**
 * While a run is driven, an uncaught exception or unhandled rejection (a bug: the process is in an
 * unknown state) ends it the way a kill would be recovered, only at once: a crash line in the run
 * log, the run's agents and evaluators killed (found by their SWARM_* marks), the run released as
 * interrupted with the reason, the store closed, exit 1. Its attempts stay for `swarm run` to
 * recover, evaluated ones recorded from their stored result. Returns the function that removes it.
 */
export const guardAgainstCrash = (target: CrashGuardTarget): (() => void) => {
  let crashed = false;
  const crash = (error: unknown, origin: string): void => {
    // A full disk is the machine's failure, not a bug: the run stops in order (driveRun ends it).
    if (!crashed && target.halt?.(error) === true) return;
    const reason = `swarm crashed (${origin}): ${error instanceof Error ? error.message : String(error)}`;
    target.logger.fatal({ err: error, origin }, reason);
    if (crashed) return;
    crashed = true;
    target.abort(`${reason}; run \`swarm run\` to resume`);
    setTimeout(() => process.exit(1), CLEANUP_MS).unref();
    void cleanUp(target, reason).finally(() => process.exit(1));
  };
  const onException = (error: Error): void => crash(error, 'uncaught exception');
  const onRejection = (reason: unknown): void => crash(reason, 'unhandled rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
};

const KILL_ROUNDS = 25;
const QUIET_SCANS = 3;

/**
 * Kills the run's agents and evaluators (found by their SWARM_* marks), scanning until a few scans
 * in a row find none: work still in flight in this process (a queued attempt, an agent's `swarm
 * eval` handed to the driver) can start a child after a scan.
 */
export const killRunProcesses = async (runId: string, root: string): Promise<void> => {
  for (let round = 0, quiet = 0; round < KILL_ROUNDS && quiet < QUIET_SCANS; round++) {
    const living = await findOrphans(runId, root);
    quiet = living.length === 0 ? quiet + 1 : 0;
    for (const pid of living) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const cleanUp = async (target: CrashGuardTarget, reason: string): Promise<void> => {
  try {
    await killRunProcesses(target.runId, target.root);
    if (target.store.isOpen) {
      target.store.updateRun(target.runId, { status: 'interrupted', ownerPid: null, stopReason: `${reason}; run \`swarm run\` to resume` });
      target.store.addEvent(target.runId, 'run.crashed', { reason });
      target.store.close();
    }
  } catch (error) {
    target.logger.fatal({ err: error }, 'the crash cleanup failed too; the next `swarm run` recovers the run');
  } finally {
    try {
      process.stderr.write(`swarm: ${reason} (a bug; please report it). The run is released: \`swarm run\` resumes it.\n`);
    } catch {
      // stderr may be the closed pipe.
    }
    target.flush();
  }
};
