import type { EVAL_SANDBOXES } from './schema.js';

/** The resolved shapes of `evaluator.*` (durations in ms), what runners and the cascade read. */
export type EvalSandbox = (typeof EVAL_SANDBOXES)[number];

/** One evaluation stage with its timeout resolved. */
export interface StageConfig {
  name: string;
  command: string;
  timeoutMs: number;
  /** The primary metric must reach it (>= maximizing, <= minimizing) to go on; null = always go on. */
  threshold: number | null;
  /** "score": the stage's primary metric; "combined-or-mean": OpenEvolve's rule over the metrics so far. */
  thresholdOn: 'score' | 'combined-or-mean';
}

/** Batch job settings of the slurm runner (evaluator.slurm), durations resolved. */
export interface SlurmSettings {
  partition: string | null;
  /** `--gpus=<n>` per evaluation; 0 = none. */
  gpus: number;
  /** `--gres=<spec>` instead of --gpus, e.g. "gpu:a100:1"; null = none. */
  gres: string | null;
  cpus: number | null;
  /** `--mem`, e.g. "8G"; null = the partition's default. */
  memory: string | null;
  extraArgs: string[];
  /** Time between `scontrol show job` polls. */
  pollMs: number;
  /** Resubmissions after a failure of the cluster (node failure, preemption), never of the program. */
  retries: number;
}

/** evaluator.heldOut resolved: the stages a finalist's held-out evaluation runs. */
export interface HeldOutConfig {
  stages: StageConfig[];
  finalists: number;
}

export interface EvaluatorConfig {
  command: string;
  timeoutMs: number;
  protect: string[];
  /** Globs of evaluation outputs copied to the attempt's log directory. */
  artifacts: string[];
  /** Variables of swarm's environment passed to the evaluator besides the allow-list. */
  passEnv: string[];
  /** As written in the file (may be empty); use {@link evaluationStages} for the stages to run. */
  cascade: StageConfig[];
  confirm: number;
  noiseCheck: boolean;
  env: Record<string, string>;
  gpus: string[];
  gpusPerEvaluation: number;
  heldOut: HeldOutConfig | null;
  tailBytes: number;
  runner: 'local' | 'slurm' | 'command';
  slurm: SlurmSettings;
  /** argv around the evaluator command for runner "command", with "{command}" in it. */
  wrap: string[];
  sandbox: EvalSandbox;
  /** Only meaningful under the bwrap sandbox. */
  network: boolean;
}
