import type { ConfigOverrides } from '../../config-assembly/index.js';
import { formatScore } from '../../core/domain/score.js';
import type { RunRecord } from '../../store/records.js';
import { createEvaluatorRunner } from '../evaluation/create-evaluator-runner.js';
import { heldOutAtRunEnd } from '../evaluation/run-held-out.js';
import { createBackend, describeBackend } from '../setup/create-backend.js';
import { refuseUnpricedDollarBudget } from '../setup/agent-prices.js';
import { agentConfigs, describePool } from '../setup/agent-pool.js';
import { openProject, type Project } from '../project/open-project.js';
import { attemptWorktree, runnerLocks } from '../project/project-paths.js';
import { checkProject } from '../diagnose/check-project.js';
import { sandboxLinkMounts } from '../evaluation/link-targets.js';
import { baselineFailure } from './baseline-failure.js';
import { ensureBaseline } from '../attempt/baseline.js';
import { resumableRun } from './claim-run.js';
import { importAttempts, importSource, type ImportRequest } from './import-attempts.js';
import { crashReason, driveRun } from './driver-session.js';
import { preflight } from './preflight.js';
import { recoverInterrupted } from './recover.js';
import { earlierSeeds, freshSeed, withSeed } from './fresh-seed.js';
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
  /** Aborted on the first Ctrl-C: no new attempts, running ones finish and are recorded (absent: never). */
  drain?: AbortSignal;
  /** Aborted on the second Ctrl-C: children are killed and attempts marked interrupted (absent: never). */
  force?: AbortSignal;
  /** Import the best attempts of an earlier run into the new one (`--from`, `--top`). */
  from?: ImportRequest;
  /** Called once the run is known, so a caller can follow it in the store. */
  onRunStarted?: (info: { runId: string; dbFile: string; resumed: boolean }) => void;
}

/**
 * `swarm run`: starts a search, or resumes the latest one that did not finish. The process-wide
 * heap settings of a driver (driver-heap.ts) are the CLI's to make, not this function's.
 */
export const runSearch = async (options: RunSearchOptions): Promise<RunSearchResult> => {
  // The store is opened once, for the driver: read before the claim when it exists, created by the claim when not.
  const project = await openProject(options.cwd, { ...(options.configFile ? { configFile: options.configFile } : {}), store: 'driver' });
  try {
    return await searchIn(project, options);
  } finally {
    project.close();
  }
};

/** What `--from` reads when the project has no store yet: no run. */
const NO_RUNS = { getRun: () => null };

const searchIn = async (project: Project, options: RunSearchOptions): Promise<RunSearchResult> => {
  const drain = options.drain ?? new AbortController().signal;
  const report = options.report ?? (() => undefined);
  const { workspace } = project;
  // Read before the config; nothing is created before the claim (a rejected run leaves the repository as it was).
  const existing = project.storeIfExists();
  // A resumed run keeps the flags it was started with; a flag given now wins and is kept from now on.
  let given = options.overrides ?? {};
  const candidate = options.newRun ? null : resumableRun(existing);
  const resuming = candidate === null ? null : resumeOverrides(parseStoredOverrides(candidate.overridesJson), given);
  let loaded = await project.config(resuming?.overrides ?? given);
  // A new run without --seed never silently replays an earlier run: it takes a fresh seed and says so.
  let seedNote: string | null = null;
  if (candidate === null && given.seed === undefined) {
    const earlier = earlierSeeds(existing);
    const seed = freshSeed(loaded.config.shepherd.seed, earlier);
    if (seed !== null) {
      seedNote = `seed ${seed} (fresh: run ${earlier.get(loaded.config.shepherd.seed) ?? '?'} used ${loaded.config.shepherd.seed}; --seed ${loaded.config.shepherd.seed} repeats it)`;
      given = { ...given, seed };
      loaded = withSeed(loaded, seed);
    }
  }
  const overrides = resuming?.overrides ?? given;
  const { config } = loaded;
  // workspace.dir: worktrees (and the shim agents call) on storage cluster nodes share.
  const paths = project.placeWorktrees(config.workspace.dir);
  // Backends and the planning model are checked before anything is recorded: a missing key, login
  // or binary is a configuration error (exit 2), not a run whose every attempt fails.
  for (const agentConfig of agentConfigs(config)) refuseUnpricedDollarBudget(agentConfig);
  const backend = await createBackend(config);
  const runner = await createEvaluatorRunner(config, runnerLocks(paths, config.concurrency.evaluations, sandboxLinkMounts(config, paths.root)));
  if (config.shepherd.policy === 'llm') await (await import('./shepherd-model.js')).shepherdModelApi(config);
  await preflight(config, workspace.projectDir);
  // The run to import from is checked before a run is claimed: a wrong id leaves no run behind.
  if (options.from) importSource(existing ?? NO_RUNS, options.from);
  // Only once the config, the flags, the backends and the evaluator are all valid: a rejected run
  // leaves the repository as it was (the exclude entry is the first thing it writes).
  await workspace.ensureExcluded();
  const claim = { candidate, overridesJson: { resumed: overridesJson(overrides), created: overridesJson(given) } };
  const onClaimed = async ({ run, resumed }: { run: RunRecord; resumed: boolean }): Promise<void> => {
    if (resumed) report(`resuming run ${run.id}${resuming?.note ? ` (${resuming.note})` : ''}`);
    else {
      if (await workspace.isDirty()) {
        report(`warning: uncommitted changes in ${workspace.root} are not part of the baseline; commit them to include them`);
        for (const p of (await checkProject(workspace.root, config, loaded.file, workspace.subdir)).problems) report(`warning: ${p.problem}: ${p.fix}`);
      }
      report(`run ${run.id} started on ${run.baseCommit.slice(0, 10)}, ${seedNote ?? `seed ${config.shepherd.seed}`}`);
    }
    options.onRunStarted?.({ runId: run.id, dbFile: paths.dbFile, resumed });
  };
  return driveRun({ workspace, paths, store: () => project.store(), loaded, backend, runner, claim, drain, force: options.force ?? null, report, onClaimed }, 'stopped by an error', async ({ run, resumed, store, ctx, crashed, force }) => {
    report(config.agent.pool.length > 0 ? describePool(config) : describeBackend(config));
    const interrupted = await recoverInterrupted(ctx, report);
    if (interrupted.length > 0) report(`recovered ${interrupted.length} interrupted attempt(s): ${interrupted.map((a) => a.id).join(', ')}`);
    const baseline = await ensureBaseline(ctx, run, report);
    if (baseline.status !== 'scored' || baseline.score === null) {
      const stopReason = force.aborted
        ? (crashReason(crashed) ?? 'interrupted during the baseline evaluation')
        : await baselineFailure({ store, baseline, root: workspace.root, subdir: workspace.subdir, worktree: attemptWorktree(paths, baseline.id), config, configFile: loaded.file });
      return { ...finish(store, run.id, force.aborted ? 'interrupted' : 'failed', stopReason, resumed, baseline, null), seed: config.shepherd.seed };
    }
    report(`baseline ${baseline.id}: ${config.objective.metric} = ${formatScore(baseline.score)}`);
    if (options.from && !resumed) await importAttempts(ctx, run, options.from, report);
    const outcome = await runWaves(ctx, { baselineId: baseline.id, drain: ctx.drain, report, replan: interrupted });
    if (force.aborted || drain.aborted) return { ...finish(store, run.id, 'interrupted', crashReason(crashed) ?? outcome.stopReason, resumed, baseline, ctx.incumbent), seed: config.shepherd.seed };
    const breaker = ctx.breaker.reason;
    // Finalists get their held-out score only when the run ended on its budget.
    if (breaker === null) await heldOutAtRunEnd(ctx, report);
    return { ...finish(store, run.id, breaker === null ? 'finished' : 'failed', breaker ?? outcome.stopReason, resumed, baseline, ctx.incumbent), seed: config.shepherd.seed };
  });
};
