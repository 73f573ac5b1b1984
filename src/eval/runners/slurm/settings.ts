import { runnerSettings, type RunnerSettingsOutput } from '../runner-settings.js';

/** `evaluator.slurm`: the batch job settings of every evaluation job. */
export const slurmSettings = runnerSettings({
  key: 'slurm',
  description: 'Batch job settings of evaluator.runner "slurm".',
  schema: ({ z, int, duration }) => z.strictObject({
    partition: z.string().min(1).nullable().default(null).describe('--partition of every evaluation job; null = the cluster\'s default partition.'),
    gpus: int(0, 1024).default(0).describe('--gpus of every evaluation job (Slurm sets CUDA_VISIBLE_DEVICES); 0 = none.'),
    gres: z.string().min(1).nullable().default(null).describe('--gres instead of --gpus, e.g. "gpu:a100:1"; null = none.'),
    cpus: int(1, 4096).nullable().default(null).describe('--cpus-per-task; null = the partition\'s default.'),
    memory: z.string().regex(/^\d+[KMGT]?$/).nullable().default(null).describe('--mem, e.g. "16G"; null = the partition\'s default.'),
    extraArgs: z.array(z.string()).default([]).describe('Extra sbatch arguments, e.g. ["--account=lab", "--qos=short"].'),
    pollInterval: duration.prefault('1s').describe('Time between `scontrol show job` polls of a running evaluation.'),
    retries: int(0, 5).default(1).describe('Resubmissions of an evaluation the cluster failed (node failure, preemption, a lost job); a failing program is never resubmitted.'),
  }).transform(({ pollInterval, ...slurm }) => ({ ...slurm, pollMs: pollInterval })),
});

/** evaluator.slurm resolved (durations in ms). */
export type SlurmSettings = RunnerSettingsOutput<typeof slurmSettings>;
