import type { EvaluatorWithSection, PluginFunction, SharedEvaluatorConfig } from '../../config/config-types.js';
import type { EvaluatorRunner } from '../../core/ports/evaluator-runner.js';
import type { RunnerSettings } from './runner-settings.js';

/** What the caller adds to the config: the directory GPU locks live in (shared by every swarm process of a repository). */
export interface RunnerContext {
  /** The project (its root, where .swarm/ lives) that cluster jobs are tagged with, so a later driver finds its leftovers. */
  project?: string;
  gpuLockDir?: string;
  /** Bytes of each raw output stream kept in its log file (head and tail); 0 = all. */
  maxLogBytes?: number;
  /** Paths outside the checkout shared into it by workspace.link: read-only mounts of the sandbox. */
  shared?: string[];
}

/** The jobs a killed driver left on the runner's machines, after a reaping. */
export interface ReapedJobs {
  /** The job system did not answer: nothing was looked for. */
  unavailable: boolean;
  cancelled: Array<{ id: string; name: string }>;
  /** Ids still listed as running after their cancellation. */
  stillListed: string[];
}

/** How a later driver finds and cancels the jobs that killed drivers of a project left running. */
export interface RunnerLeftovers {
  /** What its jobs are called in messages, e.g. "Slurm job". */
  jobs: string;
  /** Where to look by hand when the job system does not answer, e.g. "`squeue --me`". */
  lookByHand: string;
  /** Cancels the jobs of these runs, tagged with this project root, whose submitting process is gone. */
  reap: (scope: { root: string; runIds: string[] }) => Promise<ReapedJobs>;
}

/** Doctor's answer on whether the machines a runner uses see a folder of this machine. */
export type StorageProbe = { kind: 'seen' } | { kind: 'unseen' | 'unchecked'; detail: string };

/**
 * One evaluator runner (`evaluator.runner`), as `eval/runners/registry.ts` names it. `create`
 * loads the implementation when called; an unusable setting is a SwarmError CONFIG_INVALID.
 */
/** The evaluator config a runner reads: the shared settings and its own section (`evaluator.<key>`), or the shared settings alone. */
export type RunnerEvaluatorConfig<Settings extends RunnerSettings | null> =
  [Settings] extends [RunnerSettings<infer Key, infer Schema>] ? EvaluatorWithSection<Key, Schema> : SharedEvaluatorConfig;

export interface EvaluatorRunnerDescriptor<Settings extends RunnerSettings | null = RunnerSettings | null> {
  /** One line for the docs: where evaluations run. */
  doc: string;
  /** Its own section of `evaluator` (e.g. evaluator.slurm), or null. */
  settings: Settings;
  /** How `swarm show` names one of its jobs (an evaluation with a job id), e.g. "slurm job". */
  jobLabel: string;
  /** Jobs that outlive a killed driver, and how to reap them; null = nothing outlives it. */
  leftovers: RunnerLeftovers | null;
  /** Doctor: whether the machines it runs evaluations on see `dir` (the worktree folder); null = it runs on this machine. */
  checkStorage: PluginFunction<[dir: string, evaluator: RunnerEvaluatorConfig<Settings>], Promise<StorageProbe>> | null;
  create: PluginFunction<[evaluator: RunnerEvaluatorConfig<Settings>, context: RunnerContext], Promise<EvaluatorRunner>>;
}
