import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadedConfig } from '../../config-assembly/index.js';
import type { AgentBackend, EvaluatorRunner, RunQueries, StoreHandle, Workspace } from '../../core/ports/index.js';
import type { RunRecord } from '../../store/records.js';
import type { RunContext } from '../context/run-context.js';
import { startEvalHandoff } from '../evaluation/driver-evaluation.js';
import type { EvalHandoffServer } from '../evaluation/handoff/handoff-server.js';
import { routeConsoleWarnings } from '../project/console-warnings.js';
import { createRunLogger, type Logger } from '../project/logger.js';
import type { ProjectPaths } from '../project/project-paths.js';
import { claimRun, type ClaimRunInput } from './claim-run.js';
import { guardAgainstCrash } from './crash-guard.js';
import { diskFullError, type WritePlace } from './disk-full.js';
import { claimReserve, createDiskFullStop, diskFullOf, settleDiskFull } from './disk-full-stop.js';
import { writeProjectMemory } from './project-memory.js';
import { createRunDeps, createRunState } from './run-dependencies.js';
import { RunLogBudget } from '../logs/run-log-budget.js';

export interface DriverSessionInput {
  workspace: Workspace;
  paths: ProjectPaths;
  /** The run's store, opened for the driver (`openProject`'s `driver` mode; created when missing), closed here. */
  store: () => RunQueries & StoreHandle;
  loaded: LoadedConfig;
  backend: AgentBackend;
  runner: EvaluatorRunner;
  /** Which run is resumed, and the overrides kept with it (see claimRun); the base commit is read here. */
  claim: Pick<ClaimRunInput, 'candidate' | 'overridesJson' | 'resumes' | 'by'>;
  /** The first Ctrl-C: no new attempts. Null: nothing drains this driver (the breaker only stops its own controller). */
  drain: AbortSignal | null;
  /** The second Ctrl-C: children killed. The crash guard adds its own. */
  force: AbortSignal | null;
  /** Progress lines (the breaker's trip among them); absent: they go to the run log as warnings. */
  report?: (line: string) => void;
  /** Called once the run is claimed and guarded, before its context is built. */
  onClaimed?: (claimed: { run: RunRecord; resumed: boolean }) => void | Promise<void>;
}

/** A claimed run and its complete context, from the one start-up `swarm run` and the spawn driver share. */
export interface DriverSession {
  run: RunRecord;
  resumed: boolean;
  store: RunQueries & StoreHandle;
  ctx: RunContext;
  logger: Logger;
  /** Aborted with the stop reason when the crash guard caught a crash. */
  crashed: AbortSignal;
  /** The run's forced stop: the caller's second Ctrl-C or a crash. */
  force: AbortSignal;
}

const NEVER = new AbortController().signal;

/**
 * Drives one run from its claim to its release: opens the store and the run log, claims the run
 * (see claimRun), guards the process against crashes, builds the run's dependencies complete (the
 * `swarm eval` hand-off included) and hands them to `body`. An error releases the run as
 * interrupted with the reason (`errorPrefix`), so a later driver resumes it; whatever happens,
 * the guard, the hand-off, the console routing, the store and the log are closed again.
 */
export const driveRun = async <T>(input: DriverSessionInput, errorPrefix: string, body: (session: DriverSession) => Promise<T>): Promise<T> => {
  const { workspace, paths, loaded } = input;
  const { config } = loaded;
  // A disk too full to start on ends here in one line; nothing was claimed.
  const store = stopIfFull(input.store, paths, workspace.root);
  let opened: { logger: Logger; flush: () => void; reserveFile: string };
  try {
    opened = stopIfFull(() => openLogAndReserve(paths, config.log.level), paths, workspace.root);
  } catch (error) {
    store.close();
    throw error;
  }
  const { logger, flush } = opened;
  const restoreWarnings = routeConsoleWarnings(logger);
  // Drained by the first Ctrl-C or by the circuit breaker: no new attempts, running ones finish.
  const stop = new AbortController();
  // The reason (a signal's name, set by the CLI) travels on to the run's stop reason.
  const onDrain = (): void => stop.abort(input.drain?.reason);
  if (input.drain?.aborted) stop.abort(input.drain.reason);
  else input.drain?.addEventListener('abort', onDrain, { once: true });
  // A crash of the driver is a forced stop too (see guardAgainstCrash).
  const crashed = new AbortController();
  const force = input.force === null ? crashed.signal : AbortSignal.any([input.force, crashed.signal]);
  let claimedRun: string | null = null;
  let unguard = (): void => undefined;
  let evalHandoff: EvalHandoffServer | null = null;
  let logBudget: RunLogBudget | null = null;
  const diskStop = createDiskFullStop({ reserveFile: opened.reserveFile, root: workspace.root, logger, abort: (reason) => crashed.abort(reason) });
  try {
    // Run ids never reuse a number whose branches exist (e.g. after `.swarm/` was deleted).
    const [commit, branch, seqFloor] = await Promise.all([workspace.headCommit(), workspace.currentBranch(), workspace.highestRunNumber()]);
    const { run, resumed } = claimRun(store, { ...input.claim, config, base: { commit, branch }, seqFloor });
    claimedRun = run.id;
    unguard = guardAgainstCrash({ runId: run.id, root: workspace.root, store, logger: logger.child({ run: run.id }), flush, abort: (reason) => crashed.abort(reason), halt: (error) => diskStop.halt(error) });
    await input.onClaimed?.({ run, resumed });
    workspace.configureWorktrees(config.workspace);
    // Every evaluation of the run asks the run's log budget (log.maxRunLogBytes) how much output it may keep.
    logBudget = new RunLogBudget({ runId: run.id, paths, store, capBytes: config.log.maxRunLogBytes, streamBytes: config.log.maxEvaluatorLogBytes, slots: config.concurrency.evaluations + config.concurrency.agents, warn: (detail, message) => logger.warn(detail, message) });
    void logBudget.refresh();
    const deps = await createRunDeps({ runId: run.id, loaded, paths, store, workspace, runner: logBudget.runner(input.runner), backend: input.backend, logger });
    evalHandoff = startEvalHandoff({ ...deps, force, halt: (error) => diskStop.halt(error) });
    const state = createRunState(deps, { stop, force, report: input.report ?? ((line) => logger.warn(line)) });
    // A driver nothing drains keeps a drain of its own: the breaker's stop is recorded and reported, never shared.
    const ctx: RunContext = { ...deps, evalHandoff, ...state, halt: (error) => diskStop.halt(error), drain: input.drain === null ? NEVER : state.drain };
    const result = await body({ run, resumed, store, ctx, logger, crashed: crashed.signal, force });
    // The run wound down after a full disk stopped it: it ends as that stop, not as an interruption.
    if (diskStop.full !== null) throw diskStop.full.error;
    return result;
  } catch (error) {
    const full = diskStop.full?.disk ?? diskFullOf(error, workspace.root);
    if (full !== null) {
      diskStop.halt(error);
      const stopped = diskFullError(full, workspace.root, paths.swarmDir, diskStop.full?.error ?? error, writePlaces(paths, workspace.root));
      if (claimedRun !== null) await settleDiskFull({ runId: claimedRun, root: workspace.root, store, logger, reason: stopped.message });
      throw stopped;
    }
    // A bug or an environment failure mid-run: the run is released (a later driver resumes it)
    // with the reason, instead of staying "running" under a dead owner.
    if (claimedRun !== null && store.isOpen) {
      store.updateRun(claimedRun, { status: 'interrupted', ownerPid: null, stopReason: `${errorPrefix}: ${error instanceof Error ? error.message : String(error)}` });
    }
    throw error;
  } finally {
    // The project's memory across runs, however the run ended (a failed baseline is a lesson too).
    if (claimedRun !== null && store.isOpen && diskStop.full === null) await writeProjectMemory(store, paths.memoryFile).catch((error: unknown) => logger.warn({ err: error }, 'could not write .swarm/memory.md'));
    // After a full disk, stray work of the run may still fail on its way out: the guard keeps
    // those failures quiet (logged) until the process exits.
    if (diskStop.full === null) unguard();
    input.drain?.removeEventListener('abort', onDrain);
    restoreWarnings();
    await evalHandoff?.stop();
    // The pool's idle worktrees go with the run: after it, only what its attempts left stays.
    await workspace.drainWorktrees().catch((error: unknown) => logger.warn({ err: error }, 'could not remove the pooled worktrees; the next run cleans them up'));
    if (store.isOpen && diskStop.full === null) await logBudget?.refresh();
    store.close();
    if (diskStop.full === null) rmSync(opened.reserveFile, { force: true });
    flush();
  }
};

/** Where the run writes besides `.swarm`: the one line names these when their disk is the full one. */
const writePlaces = (paths: ProjectPaths, root: string): WritePlace[] => [
  { dir: paths.worktreesDir, what: `the worktrees (${paths.worktreesDir})` },
  { dir: join(root, '.git'), what: 'the repository\'s git data (.git)' },
];

/** The run log and the driver's space reserve (see disk-full-stop.ts). */
const openLogAndReserve = (paths: ProjectPaths, level: string): { logger: Logger; flush: () => void; reserveFile: string } => {
  const reserveFile = join(paths.swarmDir, 'space-reserve');
  const { logger, flush } = createRunLogger(paths.logsDir, level);
  try {
    claimReserve(reserveFile);
  } catch (error) {
    flush();
    rmSync(reserveFile, { force: true });
    throw error;
  }
  return { logger, flush, reserveFile };
};

/** Runs `open`; a disk too full for it ends the command in the one disk-full line, before anything is claimed. */
const stopIfFull = <T>(open: () => T, paths: ProjectPaths, root: string): T => {
  try {
    return open();
  } catch (error) {
    const full = diskFullOf(error, root);
    throw full === null ? error : diskFullError(full, root, paths.swarmDir, error, writePlaces(paths, root));
  }
};

/** The stop reason the crash guard gave when it stopped the run, else null. */
export const crashReason = (signal: AbortSignal): string | null => (signal.aborted && typeof signal.reason === 'string' ? signal.reason : null);
