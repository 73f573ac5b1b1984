/** The batch settings an sbatch call reads (evaluator.slurm and agent.slurm both have them). */
export interface SbatchSettings {
  partition: string | null;
  gres: string | null;
  gpus: number;
  cpus: number | null;
  memory: string | null;
  extraArgs: readonly string[];
}
import type { EvalJob } from '../core/ports/index.js';
import { shellQuote as quote } from '../core/text/shell-quote.js';

/** Exit code of a job script that could not `cd` into the checkout: the node does not see it. */
export const CANNOT_ENTER_CHECKOUT = 97;


/**
 * The batch script: enters the checkout and runs the evaluator command (`wrapped`: the command under
 * a wrapper, already split into the file and its arguments). It holds no value of the
 * job's environment (the script stays in the logs): sbatch passes its own environment (`SBATCH_EXPORT`).
 */
export const jobScript = (job: EvalJob, wrapped: { file: string; args: readonly string[] } | null = null): string => [
  '#!/bin/bash',
  '# Written by swarm: one evaluation of one attempt.',
  // AMD's names for the GPUs Slurm bound, unless Slurm set them: ROCm applies ROCR_VISIBLE_DEVICES
  // first and HIP_VISIBLE_DEVICES then counts what is left from 0.
  'if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then',
  '  : "${ROCR_VISIBLE_DEVICES:=$CUDA_VISIBLE_DEVICES}"; export ROCR_VISIBLE_DEVICES',
  '  : "${HIP_VISIBLE_DEVICES:=$(seq -s, 0 $(( $(printf %s "$CUDA_VISIBLE_DEVICES" | tr -cd , | wc -c) )))}"; export HIP_VISIBLE_DEVICES',
  'fi',
  `cd ${quote(job.cwd)} || exit ${CANNOT_ENTER_CHECKOUT}`,
  // A recorded job runs under the exit-record wrapper (eval/exit-marker.ts): a resume finds what a job
  // that ended while its driver was dead left, instead of submitting it again.
  wrapped === null ? `exec /bin/sh -c ${quote(job.command)}` : `exec ${[wrapped.file, ...wrapped.args].map(quote).join(' ')}`,
  '',
].join('\n');

/** The variables a job may get (valid names only): sbatch runs with exactly these and Slurm's own SLURM_*. */
export const jobEnvironment = (env: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter(([name]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)));

/**
 * How every swarm job gets its environment: all of sbatch's, which swarm built (the chosen names
 * and the driver's SLURM_*). A list of names or NONE would have slurmd first load the user's login
 * shell on the node (`su - <user>`, as --get-user-env): a slow or locked profile (conda, pyenv)
 * holds every job's start for a minute or more, and the profile's variables leak into the job.
 */
export const SBATCH_EXPORT = '--export=ALL';

/** Minutes of `--time`: the stage timeout rounded up, plus one so swarm's own timeout acts first. */
export const timeLimitMinutes = (timeoutMs: number): number => Math.ceil(timeoutMs / 60_000) + 1;

/** `sbatch` arguments for one job script. */
export const sbatchArgs = (settings: SbatchSettings, job: { name: string; timeoutMs: number; stdout: string; stderr: string; cwd: string; script: string; comment: string | null }): string[] => [
  '--parsable',
  '--no-requeue',
  `--job-name=${job.name}`,
  `--time=${timeLimitMinutes(job.timeoutMs)}`,
  `--output=${job.stdout}`,
  `--error=${job.stderr}`,
  `--chdir=${job.cwd}`,
  SBATCH_EXPORT,
  ...(job.comment === null ? [] : [`--comment=${job.comment}`]),
  ...(settings.partition !== null ? [`--partition=${settings.partition}`] : []),
  ...(settings.gres !== null ? [`--gres=${settings.gres}`] : settings.gpus > 0 ? [`--gpus=${settings.gpus}`] : []),
  ...(settings.cpus !== null ? [`--cpus-per-task=${settings.cpus}`] : []),
  ...(settings.memory !== null ? [`--mem=${settings.memory}`] : []),
  ...settings.extraArgs,
  job.script,
];
