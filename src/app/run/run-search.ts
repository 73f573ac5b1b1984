import { existsSync } from 'node:fs';
import { join } from 'node:path';
import PQueue from 'p-queue';
import { loadConfig, type ConfigOverrides } from '../../config/index.js';
import { SwarmError } from '../../core/errors.js';
import { formatScore } from '../../core/score.js';
import { runId as toRunId } from '../../core/ids.js';
import { currentProcessIdentity, isIdentityAlive } from '../../eval/process-identity.js';
import { SwarmStore } from '../../store/swarm-store.js';
import type { RunRecord } from '../../store/records.js';
import { GitWorkspace } from '../../workspace/index.js';
import { ensureBaseline } from './baseline.js';
import { writeSwarmShim } from '../setup/cli-path.js';
import { startEvalHandoff } from '../evaluation/handoff/driver-evaluation.js';
import { costTrackingWarning, createBackend, describeBackend } from '../setup/create-backend.js';
import { createEvaluatorRunner } from '../evaluation/create-evaluator-runner.js';
import { guardAgainstCrash } from './crash-guard.js';
import { createRunLogger } from '../setup/logger.js';
import { projectPaths, runnerLocks } from '../setup/project-paths.js';
import { recoverInterrupted } from './recover.js';
import type { EvalHandoffServer } from '../evaluation/handoff/handoff-server.js';
import type { RunContext } from './run-context.js';
import { runWaves } from './schedule-waves.js';
import { loadSystemPrompts } from '../attempt/system-prompts.js';
import { routeConsoleWarnings } from '../setup/console-warnings.js';
import { preflight } from './preflight.js';
import { createRunBreaker } from './run-breaker.js';
import { overridesJson, parseStoredOverrides, resumeOverrides } from './run-overrides.js';
import { heldOutAtRunEnd } from '../evaluation/run-held-out.js';
import { roleInstructionsFromSkills } from '../setup/packaged-skills.js';

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

export interface RunSearchResult {
  runId: string;
  status: RunRecord['status'];
  stopReason: string;
  resumed: boolean;
  baseline: { id: string; score: number | null; valid: boolean };
  best: { id: string; score: number } | null;
  /** The run's attempts beyond the baseline, by outcome. */
  attempts: { scored: number; invalid: number; failed: number; interrupted: number };
  /** Why the run counts as a failure (exit 1) although it ran: the breaker, a failed baseline, nothing scored; null when fine. */
  problem: string | null;
}

/** `swarm run`: starts a search, or resumes the latest one that did not finish. */
export const runSearch = async (options: RunSearchOptions): Promise<RunSearchResult> => {
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
  const backend = await createBackend(config);
  const runner = await createEvaluatorRunner(config.evaluator, runnerLocks(paths, config.concurrency.evaluations));
  if (config.shepherd.policy === 'llm') await (await import('./shepherd-model.js')).shepherdModelApi(config);
  await preflight(config, workspace.root);
  const store = SwarmStore.open(paths.dbFile);
  const { logger, flush } = createRunLogger(paths.logsDir, config.log.level);
  const restoreWarnings = routeConsoleWarnings(logger);
  // Drained by the first Ctrl-C or by the circuit breaker: no new attempts, running ones finish.
  const stop = new AbortController();
  const onDrain = (): void => stop.abort();
  if (options.drain.aborted) stop.abort();
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
    // One live run per repository (worktree cleanup and git locks assume no other driver): the
    // check and the claim are one transaction, so two `swarm run` started together cannot both win.
    const owner = currentProcessIdentity();
    const { run, resumed } = store.transaction(() => {
      for (const other of store.listRuns().filter((r) => r.status === 'running')) {
        if (other.ownerPid !== null && other.ownerPid !== process.pid && isIdentityAlive({ pid: other.ownerPid, started: other.ownerStarted })) {
          throw new SwarmError('RUN_LOCKED', `run ${other.id} is being driven by process ${other.ownerPid}; wait for it to finish, or stop it with Ctrl-C (twice to stop at once) and run again`);
        }
        store.updateRun(other.id, { status: 'interrupted', ownerPid: null });
      }
      const latest = store.latestRun();
      if (latest !== null && latest.status === 'interrupted' && latest.id === candidate?.id) {
        store.updateRun(latest.id, { status: 'running', ownerPid: owner.pid, ownerStarted: owner.started, attemptBudget: config.budget.attempts, stopReason: null, finishedAt: null, overridesJson: overridesJson(overrides) });
        store.addEvent(latest.id, 'run.resumed', { pid: process.pid });
        return { run: latest, resumed: true };
      }
      const created = store.createRun({
        description: config.task.description,
        metric: config.objective.metric,
        direction: config.objective.direction,
        baseCommit,
        baseBranch,
        configJson: JSON.stringify(config),
        attemptBudget: config.budget.attempts,
        ownerPid: owner.pid,
        ownerStarted: owner.started,
        minSeq: runSeqFloor,
        overridesJson: overridesJson(given),
      });
      return { run: created, resumed: false };
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
    const costWarning = costTrackingWarning(config);
    if (costWarning !== null) {
      report(costWarning);
      logger.warn({ backend: config.agent.backend }, costWarning);
    }
    const shimDir = writeSwarmShim(paths.binDir);
    const ctx: RunContext = {
      runId: toRunId(run.id),
      config,
      task: loaded.prompt,
      paths,
      store,
      workspace,
      runner,
      backend,
      logger: logger.child({ run: run.id }),
      agentQueue: new PQueue({ concurrency: config.concurrency.agents }),
      evalQueue: new PQueue({ concurrency: config.concurrency.evaluations }),
      systemPrompts: await loadSystemPrompts(workspace.root, config.agent.systemPrompt, roleInstructionsFromSkills()),
      env: {
        PATH: `${shimDir}:${process.env.PATH ?? ''}`,
        // For agents whose shell resets PATH (codex runs login shells): the shim by its absolute path.
        SWARM_BIN: join(shimDir, 'swarm'),
        SWARM_RUN_ID: run.id,
        SWARM_REPO: workspace.root,
        // So an agent's `swarm eval` scores with this run's config file and seed.
        SWARM_EVAL_SEED: String(config.shepherd.seed),
        ...(loaded.file ? { SWARM_CONFIG: loaded.file } : {}),
      },
      drain: stop.signal,
      force,
      breaker: createRunBreaker({ limit: config.agent.maxConsecutiveFailures, stop, report, store, runId: run.id, logger }),
      incumbent: null,
    };
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

/** The run a plain `swarm run` would resume (read before the config, for the run's own flags), or null. */
const resumableRun = (dbFile: string): RunRecord | null => {
  if (!existsSync(dbFile)) return null;
  const store = SwarmStore.open(dbFile);
  try {
    const latest = store.latestRun();
    if (latest === null) return null;
    const abandoned = latest.status === 'running' && (latest.ownerPid === null || latest.ownerPid === process.pid || !isIdentityAlive({ pid: latest.ownerPid, started: latest.ownerStarted }));
    return latest.status === 'interrupted' || abandoned ? latest : null;
  } finally {
    store.close();
  }
};

const countAttempts = (store: SwarmStore, runId: string): RunSearchResult['attempts'] => {
  const counts = { scored: 0, invalid: 0, failed: 0, interrupted: 0 };
  for (const attempt of store.listAttempts(runId)) {
    if (attempt.role === 'baseline' || attempt.status === 'running') continue;
    counts[attempt.status] += 1;
  }
  return counts;
};

const problemOf = (status: RunRecord['status'], stopReason: string, attempts: RunSearchResult['attempts']): string | null => {
  if (status === 'failed') return stopReason;
  if (status !== 'finished' || attempts.scored > 0) return null;
  return `no attempt beyond the baseline was scored (${attempts.failed} failed, ${attempts.invalid} invalid); see \`swarm status\` and \`swarm show <attempt>\` for the reasons`;
};

const finish = (
  store: SwarmStore,
  runId: string,
  status: RunRecord['status'],
  stopReason: string,
  resumed: boolean,
  baseline: { id: string; score: number | null; status: string },
  best: { id: string; score: number } | null,
): RunSearchResult => {
  store.updateRun(runId, { status, stopReason, finishedAt: Date.now(), ownerPid: null });
  store.addEvent(runId, 'run.stopped', { status, stopReason });
  const attempts = countAttempts(store, runId);
  return {
    runId,
    status,
    stopReason,
    resumed,
    baseline: { id: baseline.id, score: baseline.score, valid: baseline.status === 'scored' },
    best,
    attempts,
    problem: problemOf(status, stopReason, attempts),
  };
};
