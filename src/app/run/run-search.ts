import { loadConfig, type ConfigOverrides } from '../../config/index.js';
import { formatScore } from '../../core/score.js';
import { SwarmStore } from '../../store/swarm-store.js';
import { GitWorkspace } from '../../workspace/index.js';
import { createEvaluatorRunner } from '../evaluation/create-evaluator-runner.js';
import { startEvalHandoff } from '../evaluation/handoff/driver-evaluation.js';
import type { EvalHandoffServer } from '../evaluation/handoff/handoff-server.js';
import { heldOutAtRunEnd } from '../evaluation/run-held-out.js';
import { routeConsoleWarnings } from '../setup/console-warnings.js';
import { refuseUnpricedDollarBudget } from '../setup/agent-prices.js';
import { createBackend, describeBackend } from '../setup/create-backend.js';
import { createRunLogger } from '../setup/logger.js';
import { projectPaths, runnerLocks } from '../setup/project-paths.js';
import { ensureBaseline } from './baseline.js';
import { claimRun, resumableRun } from './claim-run.js';
import { guardAgainstCrash } from './crash-guard.js';
import { preflight } from './preflight.js';
import { recoverInterrupted } from './recover.js';
import { keepDriverHeapSmall } from './driver-heap.js';
import type { RunContext } from './run-context.js';
import { createRunDeps, createRunState } from './run-dependencies.js';
import { overridesJson, parseStoredOverrides, resumeOverrides } from './run-overrides.js';
import { finish, type RunSearchResult } from './run-result.js';
import { runWaves } from './schedule-waves.js';

export type { RunSearchResult } from './run-result.js';

export interface RunSearchOptions {
  cwd: string;
  configFile?: string;
  overrides?: ConfigOverrides;
  /** Start a new run even when the latest one can be resumed. */
  newRun?: boolean;
  /** Human progress lines (the CLI sends them to stderr, or drops them with --json). */
  report?: (line: string) => void;
  /** Aborted on the first Ctrl-C: no new attempts, running ones finish and are recorded. */
  drain: AbortSignal;
  /** Aborted on the second Ctrl-C: children are killed and attempts marked interrupted. */
  force: AbortSignal;
  /** Called once the run is known, so a caller can follow it in the store. */
  onRunStarted?: (info: { runId: string; dbFile: string; resumed: boolean }) => void;
}

/** `swarm run`: starts a search, or resumes the latest one that did not finish. */
export const runSearch = async (options: RunSearchOptions): Promise<RunSearchResult> => {
  keepDriverHeapSmall();
  const report = options.report ?? (() => undefined);
  const workspace = await GitWorkspace.open(options.cwd);
  const paths = projectPaths(workspace.root);
  await workspace.ensureExcluded();
  // A resumed run keeps the flags it was started with; a flag given now wins and is kept from now on.
  const given = options.overrides ?? {};
  const candidate = options.newRun ? null : resumableRun(paths.dbFile);
  const resuming = candidate === null ? null : resumeOverrides(parseStoredOverrides(candidate.overridesJson), given);
  const overrides = resuming?.overrides ?? given;
  const loaded = await loadConfig(workspace.root, { ...(options.configFile ? { file: options.configFile } : {}), overrides });
  const { config } = loaded;
  // Backends and the planning model are checked before anything is recorded: a missing key, login
  // or binary is a configuration error (exit 2), not a run whose every attempt fails.
  refuseUnpricedDollarBudget(config);
  const backend = await createBackend(config);
  const runner = await createEvaluatorRunner(config.evaluator, runnerLocks(paths, config.concurrency.evaluations));
  if (config.shepherd.policy === 'llm') await (await import('./shepherd-model.js')).shepherdModelApi(config);
  await preflight(config, workspace.root);
  const store = SwarmStore.openForDriver(paths.dbFile);
  const { logger, flush } = createRunLogger(paths.logsDir, config.log.level);
  const restoreWarnings = routeConsoleWarnings(logger);
  // Drained by the first Ctrl-C or by the circuit breaker: no new attempts, running ones finish.
  const stop = new AbortController();
  const onDrain = (): void => stop.abort(options.drain.reason);
  if (options.drain.aborted) stop.abort(options.drain.reason);
  else options.drain.addEventListener('abort', onDrain, { once: true });
  let claimedRun: string | null = null;
  let unguard = (): void => undefined;
  // A crash of the driver is a forced stop too (see guardAgainstCrash).
  const crashed = new AbortController();
  const force = AbortSignal.any([options.force, crashed.signal]);
  let evalHandoff: EvalHandoffServer | null = null;
  try {
    // Run ids never reuse a number whose branches exist (e.g. after `.swarm/` was deleted).
    const runSeqFloor = await workspace.highestRunNumber();
    const [baseCommit, baseBranch, dirty] = await Promise.all([workspace.headCommit(), workspace.currentBranch(), workspace.isDirty()]);
    const { run, resumed } = claimRun(store, {
      config,
      candidate,
      base: { commit: baseCommit, branch: baseBranch },
      seqFloor: runSeqFloor,
      overridesJson: { resumed: overridesJson(overrides), created: overridesJson(given) },
    });
    const resumable = resumed;
    claimedRun = run.id;
    unguard = guardAgainstCrash({ runId: run.id, root: workspace.root, store, logger: logger.child({ run: run.id }), flush, abort: (reason) => crashed.abort(reason) });
    if (resumed) report(`resuming run ${run.id}${resuming?.note ? ` (${resuming.note})` : ''}`);
    else {
      if (dirty) report(`warning: uncommitted changes in ${workspace.root} are not part of the baseline; commit them to include them`);
      report(`run ${run.id} started on ${run.baseCommit.slice(0, 10)}`);
    }
    options.onRunStarted?.({ runId: run.id, dbFile: paths.dbFile, resumed: resumable });
    report(describeBackend(config));
    const deps = await createRunDeps({ runId: run.id, loaded, paths, store, workspace, runner, backend, logger });
    const ctx: RunContext = { ...deps, ...createRunState(deps, { stop, force, report }) };
    evalHandoff = startEvalHandoff(ctx);
    ctx.evalHandoff = evalHandoff;
    const interrupted = await recoverInterrupted(ctx, report);
    if (interrupted.length > 0) report(`recovered ${interrupted.length} interrupted attempt(s): ${interrupted.map((a) => a.id).join(', ')}`);
    const baseline = await ensureBaseline(ctx, run, report);
    if (baseline.status !== 'scored' || baseline.score === null) {
      const stopReason = force.aborted
        ? (crashReason(crashed.signal) ?? 'interrupted during the baseline evaluation')
        : `baseline evaluation failed: ${baseline.reason ?? 'no score'}; fix the evaluator (try \`swarm eval\` in ${workspace.root})`;
      return finish(store, run.id, force.aborted ? 'interrupted' : 'failed', stopReason, resumable, baseline, null);
    }
    report(`baseline ${baseline.id}: ${config.objective.metric} = ${formatScore(baseline.score)}`);
    const outcome = await runWaves(ctx, { baselineId: baseline.id, drain: stop.signal, report, replan: interrupted });
    if (force.aborted || options.drain.aborted) return finish(store, run.id, 'interrupted', crashReason(crashed.signal) ?? outcome.stopReason, resumable, baseline, ctx.incumbent);
    const breaker = ctx.breaker.reason;
    // Finalists get their held-out score only when the run ended on its budget.
    if (breaker === null) await heldOutAtRunEnd(ctx, report);
    return finish(store, run.id, breaker === null ? 'finished' : 'failed', breaker ?? outcome.stopReason, resumable, baseline, ctx.incumbent);
  } catch (error) {
    // A bug or an environment failure mid-run: the run is released (a later `swarm run` resumes
    // it) with the reason, instead of staying "running" under a dead owner.
    if (claimedRun !== null && store.db.open) {
      store.updateRun(claimedRun, { status: 'interrupted', ownerPid: null, stopReason: `stopped by an error: ${error instanceof Error ? error.message : String(error)}` });
    }
    throw error;
  } finally {
    unguard();
    options.drain.removeEventListener('abort', onDrain);
    restoreWarnings();
    await evalHandoff?.stop();
    store.close();
    flush();
  }
};

/** The stop reason the crash guard gave when it stopped the run, else null. */
const crashReason = (signal: AbortSignal): string | null => (signal.aborted && typeof signal.reason === 'string' ? signal.reason : null);
