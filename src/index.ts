/**
 * swarm's programmatic API: the use cases the CLI is a thin shell over, with typed options and
 * results. Each function loads its implementation when called (importing this module loads no
 * SQLite, SDK or zod). In-process calls leave nothing behind: no signal or crash handler, no
 * changed working directory or V8 setting, no lock file (test/e2e/api/in-process.test.ts).
 * Failures the CLI maps to exit 2 are thrown as `SwarmError` with a `code`; a run that ended with
 * problems is a result (`status`, `problem`), not a throw.
 */
import type { GraphFormat } from './core/views/graph-formats.js';
import type { EdgeKind } from './core/domain/types.js';
import type { AttemptDetail, StatusReport } from './core/views/report.js';
import type { RunSearchOptions, RunSearchResult } from './app/run/run-search.js';
import type { SpawnOptions, SpawnResult } from './app/steer/spawn-attempt.js';
import type { WaitOptions, WaitResult } from './app/steer/wait-attempts.js';
import type { EvalHereOptions, EvalHereResult } from './app/evaluation/eval-here.js';
import type { ApplyAttemptOptions } from './app/steer/apply-attempt.js';
import type { PruneOptions, PruneResult } from './app/steer/prune-attempts.js';
import type { ReviewReport } from './app/steer/review-attempt.js';
import type { BackendCheck, DoctorReport } from './app/diagnose/doctor.js';
import type { EvaluatorLanguage, InitOptions, InitResult } from './app/setup/init-project.js';
import type { AppliedProgram } from './workspace/apply-program.js';
import type { PlotFormat } from './app/queries/plot.js';
import type { HeldOutScore } from './app/evaluation/held-out.js';
import type { RepeatedEvaluation } from './app/evaluation/eval-repeat.js';
import type { AttemptDiff } from './app/queries/attempt-diff.js';
import type { RunProgress } from './app/queries/run-progress.js';
import type { SkillAgent, SkillFileChange, SkillsOptions } from './app/setup/install-skills.js';
import type { GoalFlag } from './app/setup/test-gated-evaluator.js';
import type { OpenEvolveInit } from './app/setup/init-from-openevolve.js';
import type { ReviewedStep } from './app/steer/review-attempt.js';
import type { CheckoutProvisioning } from './app/steer/checkout-attempt.js';
import type { AgentBackendName } from './agents/registry.js';
import type { AgentBackendDescriptor } from './agents/backend-descriptor.js';

export { SwarmError, isSwarmError, type SwarmErrorCode } from './core/domain/errors.js';
export type { SwarmConfig, SwarmConfigInput, AgentBackendName, ConfigOverrides } from './config-assembly/index.js';
export type { AttemptDetail, StatusReport, GraphFormat, RunSearchOptions, RunSearchResult, SpawnOptions, SpawnResult, WaitOptions, WaitResult, EvalHereOptions, EvalHereResult };
export type { ApplyAttemptOptions, PruneOptions, PruneResult, ReviewReport, ReviewedStep, DoctorReport, BackendCheck, EvaluatorLanguage, AppliedProgram, EdgeKind };
export type { InitOptions, InitResult, GoalFlag, OpenEvolveInit, PlotFormat, HeldOutScore, RepeatedEvaluation, AttemptDiff, RunProgress, SkillAgent, SkillFileChange, SkillsOptions, AgentBackendDescriptor, CheckoutProvisioning };

/** `swarm run`: starts a search in the repository at `cwd`, or resumes the latest unfinished one. `drain` and `force` are the two stages of Ctrl-C. */
export const runSearch = async (options: RunSearchOptions): Promise<RunSearchResult> => (await import('./app/run/run-search.js')).runSearch(options);

/** `swarm status`: the run's attempts, waves, best, budget and driver. */
export const status = async (options: { cwd: string; runId?: string }): Promise<StatusReport> => (await import('./app/queries/status.js')).getStatus(options);

/** `swarm show <attempt>`: one attempt with its evaluations, lineage and logs. */
export const show = async (options: { cwd: string; attemptId: string }): Promise<AttemptDetail> => (await import('./app/queries/show-attempt.js')).showAttempt(options);

/** `swarm graph`: the run's tree as json, dot, mermaid, svg, png or html. */
export const graph = async (options: { cwd: string; runId?: string; format: GraphFormat; edges?: EdgeKind[] }): Promise<{ output: string | Buffer; hidden: EdgeKind[] }> =>
  (await import('./app/queries/graph.js')).exportGraph(options);

/** `swarm spawn`: records attempts for a background driver (started when none runs) and returns their ids. */
export const spawn = async (options: SpawnOptions): Promise<SpawnResult> => (await import('./app/steer/spawn-attempt.js')).spawnAttempt(options);

/** `swarm wait`: until all (or `any`) of the attempts finished, or `timeoutMs` passed; without ids, the attempts finished since the last wait (or `since`). */
export const wait = async (options: WaitOptions): Promise<WaitResult> => (await import('./app/steer/wait-attempts.js')).waitAttempts(options);

/** `swarm eval`: evaluates a checkout with the project's evaluator (inside an attempt: recorded with it). */
export const evaluate = async (options: EvalHereOptions): Promise<EvalHereResult> => (await import('./app/evaluation/eval-here.js')).evalHere(options);

/** `swarm apply`: brings an attempt's program onto the current branch (or a new one). */
export const apply = async (options: ApplyAttemptOptions): Promise<AppliedProgram & { attempt: string; score: number | null }> => (await import('./app/steer/apply-attempt.js')).applyAttempt(options);

/** `swarm checkout`: a worktree of an attempt's branch, provisioned as the attempt's was (`provisioned.leftOut`: what could not be). */
export const checkout = async (options: { cwd: string; attemptId: string; dir?: string; progress?: (line: string) => void }): Promise<{ path: string; branch: string; commit: string | null; provisioned: CheckoutProvisioning }> => (await import('./app/steer/checkout-attempt.js')).checkoutAttempt(options);

/** `swarm nominate`: records a judgement about an attempt. */
export const nominate = async (options: { cwd: string; attemptId: string; reason: string; by: string | null }): Promise<{ attempt: string; run: string; nominations: number }> => (await import('./app/steer/nominate-attempt.js')).nominateAttempt(options);

/** `swarm prune`: deletes the branches of attempts not kept. */
export const prune = async (options: PruneOptions): Promise<PruneResult> => (await import('./app/steer/prune-attempts.js')).pruneAttempts(options);

/** `swarm review`: re-measures an attempt's lineage with fresh seeds. */
export const review = async (options: { cwd: string; attempt: string; seeds: number; configFile?: string; signal: AbortSignal }): Promise<ReviewReport> => (await import('./app/steer/review-attempt.js')).reviewAttempt(options);

/** `swarm report`: the self-contained HTML report (written to `output` when given). */
export const report = async (options: { cwd: string; runId?: string; output?: string; now?: Date }): Promise<{ path: string | null; html: string }> => (await import('./app/queries/report.js')).writeReport(options);

/** `swarm doctor`: every backend's binary, authentication and (with `probe`) one tiny request. */
export const doctor = async (options: { cwd: string; env?: Record<string, string | undefined>; probe?: boolean; baseline?: boolean; progress?: (line: string) => void }): Promise<DoctorReport> => (await import('./app/diagnose/doctor.js')).runDoctor(options);

/**
 * `swarm init`: a config, a prompt and an evaluator in `dir`: the "run my program" template (for
 * `program`, default: detected), or with `goal` (`--speed`, `--metric`) or a project with tests, an
 * evaluator gated on its tests.
 */
export const init = async (options: InitOptions): Promise<InitResult> => (await import('./app/setup/init-project.js')).initProject(options);


/** `swarm init --from-openevolve`: translates an OpenEvolve example (its folder or config.yaml) into `dir`; `alsoWrite` adds files before the baseline commit. */
export const initFromOpenEvolve = async (options: { from: string; dir: string; force?: boolean; alsoWrite?: (dir: string) => Promise<string[]> }): Promise<OpenEvolveInit> =>
  (await import('./app/setup/init-from-openevolve.js')).initFromOpenEvolve(options);

/** `swarm skills install`: writes the swarm skills where Claude Code and Codex find them (idempotent); each file's change. */
export const installSkills = async (options: SkillsOptions): Promise<SkillFileChange[]> => (await import('./app/setup/install-skills.js')).installSkills(options);

/** `swarm skills uninstall`: removes swarm's skills (and nothing else) from those folders. */
export const uninstallSkills = async (options: SkillsOptions): Promise<SkillFileChange[]> => (await import('./app/setup/install-skills.js')).uninstallSkills(options);

/** `swarm status` of a long run: the report with the attempts a digest shows (`threshold`: the attempt count past which rows are folded). */
export const statusDigest = async (options: { cwd: string; runId?: string; threshold: number }): Promise<StatusReport> =>
  (await import('./app/queries/status-digest.js')).getStatusDigest(options);

/** `swarm status --watch`: the status read afresh every `intervalMs` (the first at once), until the run no longer runs or `signal` aborts. */
export async function* watchStatus(options: { cwd: string; runId?: string; intervalMs: number; signal: AbortSignal }): AsyncGenerator<StatusReport, void, undefined> {
  yield* (await import('./app/queries/watch-status.js')).watchStatus(options);
}

/** `swarm run`'s live progress line: the run's status read on a connection of its own while this process drives it. */
export const runProgress = async (options: { dbFile: string; runId: string }): Promise<RunProgress> => (await import('./app/queries/run-progress.js')).followRunProgress(options.dbFile, options.runId);

/** `swarm show --diff`: the attempt's diff against the commit it started from. */
export const attemptDiff = async (options: { cwd: string; attemptId: string }): Promise<AttemptDiff> => (await import('./app/queries/attempt-diff.js')).attemptDiff(options);

/** `swarm plot`: the score over attempts, or with `axes` two metrics and the Pareto front, as svg text or a png `Buffer`. */
export const plot = async (options: { cwd: string; runId?: string; format: PlotFormat; axes?: { x: string; y: string } }): Promise<string | Buffer> => (await import('./app/queries/plot.js')).exportPlot(options);

/** `swarm dashboard`: serves the read-only live view on 127.0.0.1 (port 0: a free one) until `close`; with a `token`, every request must carry it. */
export const dashboard = async (options: { cwd: string; runId?: string; port: number; pollMs?: number; token?: string | null }): Promise<{ url: string; runId: string; close: () => Promise<void> }> =>
  (await import('./app/queries/dashboard.js')).startDashboard(options);

/** `swarm dashboard --once`: the dashboard of a run as one static page. */
export const dashboardSnapshot = async (options: { cwd: string; runId?: string }): Promise<{ runId: string; html: string }> => (await import('./app/queries/dashboard.js')).dashboardSnapshot(options);

/** A random secret for `dashboard`'s `token` (`swarm dashboard --token` alone). */
export const newDashboardToken = async (): Promise<string> => (await import('./web/request-gate.js')).newDashboardToken();

/** `swarm heldout`: scores attempts (default: the run's finalists) with `evaluator.heldOut`. */
export const heldOut = async (options: { cwd: string; attempts: string[]; runId?: string; configFile?: string; signal: AbortSignal }): Promise<HeldOutScore[]> =>
  (await import('./app/evaluation/run-held-out.js')).heldOutOnDemand(options);

/** `swarm eval --repeat`: scores the checkout `times` times with seeds seed…seed+times-1 and once more with the first: mean, spread, determinism. */
export const evaluateRepeated = async (options: { cwd: string; configFile?: string; seed?: number; times: number; signal: AbortSignal }): Promise<RepeatedEvaluation> =>
  (await import('./app/evaluation/eval-repeat.js')).evalRepeat(options);

/**
 * The background driver `spawn` starts (`swarm __drive-spawned`): drives the run's spawned
 * attempts until `idleMs` passes with none, calling `onReady` once the run is claimed.
 */
export const driveSpawned = async (options: { cwd: string; idleMs: number; onReady: (info: { runId: string; baselineId: string }) => void; onFailed: (message: string) => void }): Promise<void> =>
  (await import('./app/steer/spawn-driver.js')).driveSpawned(options);

/** The lines the spawned driver prints on stdout for the `spawn` that started it: `ready` (then run id and baseline id) or `failed` (then the reason). */
export const spawnDriverLines = async (): Promise<{ ready: string; failed: string }> => {
  const { READY_LINE, FAILED_LINE } = await import('./app/steer/spawn-driver-process.js');
  return { ready: READY_LINE, failed: FAILED_LINE };
};

/** `swarm agent-job <spec>`: an API agent's tool loop inside its batch job (`agent.runner: "slurm"`); `signal` stops it, its outcome so far still written. */
export const runAgentJob = async (options: { spec: string; signal: AbortSignal }): Promise<void> => {
  const { runApiJob } = await import('./agents/api-loop/run-api-job.js');
  const { findAgentBackend } = await import('./agents/registry.js');
  await runApiJob(options.spec, options.signal, (name) => findAgentBackend(name)?.modelProvider ?? null);
};

/** The agent backends' names (`agent.backend`, `--agent`), in registry order: the first is the default. */
export const agentBackendNames = async (): Promise<readonly AgentBackendName[]> => (await import('./agents/registry.js')).AGENT_BACKEND_NAMES;

/** The descriptor of the backend named (capabilities, binary, install hint, probe, …), or null for a name the registry lacks. */
export const findAgentBackend = async (name: string): Promise<AgentBackendDescriptor | null> => (await import('./agents/registry.js')).findAgentBackend(name);

/**
 * For a process that drives runs (the CLI's `swarm run`): keeps V8's heap close to what it holds,
 * so each forked child copies fewer page tables. Process-wide, so `runSearch` never applies it.
 */
export const keepDriverHeapSmall = async (): Promise<void> => (await import('./app/run/driver-heap.js')).keepDriverHeapSmall();
