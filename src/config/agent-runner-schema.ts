import { z } from 'zod';
import { int, positiveDurationSchema } from './schema-primitives.js';

/** Where agent processes run: on the driver's machine, or as Slurm batch jobs. */
export const AGENT_RUNNERS = ['local', 'slurm'] as const;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;

/** `agent.slurm`: the batch job each agent of `agent.runner: "slurm"` runs as. */
export const agentSlurmSchema = z.strictObject({
  partition: z.string().min(1).nullable().default(null).describe('--partition of every agent job; null = the cluster\'s default partition.'),
  gpus: int(0, 1024).default(0).describe('--gpus of every agent job (Slurm sets CUDA_VISIBLE_DEVICES for the agent and every command it runs); 0 = none.'),
  gres: z.string().min(1).nullable().default(null).describe('--gres instead of --gpus, e.g. "gpu:a100:1"; null = none.'),
  cpus: int(1, 4096).nullable().default(null).describe('--cpus-per-task; null = the partition\'s default.'),
  memory: z.string().regex(/^\d+[KMGT]?$/).nullable().default(null).describe('--mem, e.g. "32G"; null = the partition\'s default.'),
  time: positiveDurationSchema.nullable().default(null)
    .describe('--time of every agent job; null = agent.timeout plus a minute (swarm\'s own timeout scancels the job first).'),
  extraArgs: z.array(z.string()).default([]).describe('Extra sbatch arguments, e.g. ["--account=lab", "--qos=agents"].'),
  passEnv: z.array(z.string().regex(ENV_NAME, 'a variable name, or a prefix ending in "*"')).default([])
    .describe('Names (or prefixes ending in "*") of variables of the driver\'s environment the agent job gets, beside PATH, HOME, USER, LANG and the CLIs\' own ANTHROPIC_*, CLAUDE_*, OPENAI_*, CODEX_*; their values reach the job through sbatch\'s environment, never the job script.'),
  pollInterval: positiveDurationSchema.prefault('1s').describe('Time between `scontrol show job` polls of a running agent job.'),
  retries: int(0, 5).default(1).describe('Resubmissions of an agent job the cluster failed (node failure, preemption); an agent that exits with an error is never resubmitted.'),
}).transform(({ pollInterval, time, ...slurm }) => ({ ...slurm, pollMs: pollInterval, timeMs: time }));

export type AgentSlurmSettings = z.output<typeof agentSlurmSchema>;
