/**
 * swarm's programmatic API: the use cases the CLI is a thin shell over, with typed options and
 * results. Each function loads its implementation when called (importing this module loads no
 * SQLite, SDK or zod). In-process calls leave nothing behind: no signal or crash handler, no
 * changed working directory or V8 setting, no lock file (test/api/in-process.test.ts).
 * Failures the CLI maps to exit 2 are thrown as `SwarmError` with a `code`; a run that ended with
 * problems is a result (`status`, `problem`), not a throw.
 */
import type { GraphFormat } from './export/graph-formats.js';
import type { EdgeKind } from './core/domain/types.js';
import type { AttemptDetail, StatusReport } from './core/views/report.js';
import type { RunSearchOptions, RunSearchResult } from './app/run/run-search.js';
import type { SpawnOptions, SpawnResult } from './app/steer/spawn-attempt.js';
import type { WaitResult } from './app/steer/wait-attempts.js';
import type { EvalHereOptions, EvalHereResult } from './app/evaluation/eval-here.js';
import type { ApplyAttemptOptions } from './app/steer/apply-attempt.js';
import type { PruneOptions, PruneResult } from './app/steer/prune-attempts.js';
import type { ReviewReport } from './app/steer/review-attempt.js';
import type { DoctorReport } from './app/diagnose/doctor.js';
import type { EvaluatorLanguage } from './app/setup/init-project.js';
import type { AppliedProgram } from './workspace/apply-program.js';

export { SwarmError, isSwarmError, type SwarmErrorCode } from './core/domain/errors.js';
export type { SwarmConfig, SwarmConfigInput, AgentBackendName } from './config-assembly/index.js';
export type { AttemptDetail, StatusReport, GraphFormat, RunSearchOptions, RunSearchResult, SpawnOptions, SpawnResult, WaitResult, EvalHereOptions, EvalHereResult };
export type { ApplyAttemptOptions, PruneOptions, PruneResult, ReviewReport, DoctorReport, EvaluatorLanguage, AppliedProgram, EdgeKind };

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

/** `swarm wait`: until all (or `any`) of the attempts finished, or `timeoutMs` passed. */
export const wait = async (options: { cwd: string; ids: string[]; any: boolean; timeoutMs: number }): Promise<WaitResult> => (await import('./app/steer/wait-attempts.js')).waitAttempts(options);

/** `swarm eval`: evaluates a checkout with the project's evaluator (inside an attempt: recorded with it). */
export const evaluate = async (options: EvalHereOptions): Promise<EvalHereResult> => (await import('./app/evaluation/eval-here.js')).evalHere(options);

/** `swarm apply`: brings an attempt's program onto the current branch (or a new one). */
export const apply = async (options: ApplyAttemptOptions): Promise<AppliedProgram & { attempt: string; score: number | null }> => (await import('./app/steer/apply-attempt.js')).applyAttempt(options);

/** `swarm checkout`: a worktree of an attempt's branch. */
export const checkout = async (options: { cwd: string; attemptId: string; dir?: string }): Promise<{ path: string; branch: string; commit: string | null }> => (await import('./app/steer/checkout-attempt.js')).checkoutAttempt(options);

/** `swarm nominate`: records a judgement about an attempt. */
export const nominate = async (options: { cwd: string; attemptId: string; reason: string; by: string | null }): Promise<{ attempt: string; run: string; nominations: number }> => (await import('./app/steer/nominate-attempt.js')).nominateAttempt(options);

/** `swarm prune`: deletes the branches of attempts not kept. */
export const prune = async (options: PruneOptions): Promise<PruneResult> => (await import('./app/steer/prune-attempts.js')).pruneAttempts(options);

/** `swarm review`: re-measures an attempt's lineage with fresh seeds. */
export const review = async (options: { cwd: string; attempt: string; seeds: number; configFile?: string; signal: AbortSignal }): Promise<ReviewReport> => (await import('./app/steer/review-attempt.js')).reviewAttempt(options);

/** `swarm report`: the self-contained HTML report (written to `output` when given). */
export const report = async (options: { cwd: string; runId?: string; output?: string; now?: Date }): Promise<{ path: string | null; html: string }> => (await import('./app/queries/report.js')).writeReport(options);

/** `swarm doctor`: every backend's binary, authentication and (with `probe`) one tiny request. */
export const doctor = async (options: { cwd: string; env?: Record<string, string | undefined>; probe?: boolean }): Promise<DoctorReport> => (await import('./app/diagnose/doctor.js')).runDoctor(options);

/** `swarm init`: a config, a prompt and an evaluator template in `dir`. */
export const init = async (options: { dir: string; evaluator: EvaluatorLanguage; force?: boolean }): Promise<{ written: string[]; skipped: string[] }> => (await import('./app/setup/init-project.js')).initProject(options);
