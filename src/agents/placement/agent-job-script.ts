import type { AgentSlurmSettings } from '../../config/agent-runner-schema.js';
import { shellQuote as quote } from '../../core/text/shell-quote.js';
import { CANNOT_ENTER_CHECKOUT, SBATCH_EXPORT, timeLimitMinutes } from '../../slurm/job-script.js';

export { CANNOT_ENTER_CHECKOUT };

/** Variables an agent job gets from the driver's environment when present, besides what the backend sets. */
export const AGENT_JOB_BASE_ENV = ['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'PYTHONPATH', 'VIRTUAL_ENV', 'CONDA_PREFIX', 'NODE_OPTIONS'];
/** The agent CLIs' own settings and credentials (keys, base URLs, config folders), passed by name. */
export const AGENT_JOB_ENV_PREFIXES = ['ANTHROPIC_', 'CLAUDE_', 'OPENAI_', 'CODEX_'];
/** Set by Slurm from the allocation on the node; the driver's values would be wrong there. */
const FROM_ALLOCATION = new Set(['CUDA_VISIBLE_DEVICES', 'ROCR_VISIBLE_DEVICES', 'HIP_VISIBLE_DEVICES', 'GPU_DEVICE_ORDINAL']);

const VALID_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether a name of the driver's environment goes to the job: the base names, the CLIs' prefixes, agent.slurm.passEnv. */
export const passedToJob = (name: string, passEnv: readonly string[]): boolean =>
  AGENT_JOB_BASE_ENV.includes(name)
  || AGENT_JOB_ENV_PREFIXES.some((prefix) => name.startsWith(prefix))
  || passEnv.some((pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));

/**
 * The job's environment (what sbatch runs with, `SBATCH_EXPORT`): the chosen names of the driver's
 * environment and everything the backend set. Values stay in sbatch's environment; neither the
 * script nor the job's comment holds one.
 */
export const agentJobEnv = (driverEnv: NodeJS.ProcessEnv, agentEnv: Record<string, string>, passEnv: readonly string[]): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(driverEnv)) {
    if (value !== undefined && passedToJob(name, passEnv)) env[name] = value;
  }
  Object.assign(env, agentEnv);
  const exports = Object.keys(env).filter((name) => VALID_NAME.test(name) && !FROM_ALLOCATION.has(name) && !name.startsWith('SLURM_')).sort();
  return Object.fromEntries(exports.map((name) => [name, env[name] ?? '']));
};

/** The batch script: enters the worktree and runs the agent's command line, stdin from a file or closed. */
export const agentJobScript = (job: { cwd: string; file: string; args: readonly string[]; stdinFile: string | null }): string => [
  '#!/bin/bash',
  '# Written by swarm: the agent of one attempt (agent.runner "slurm").',
  'if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then',
  '  : "${ROCR_VISIBLE_DEVICES:=$CUDA_VISIBLE_DEVICES}"; export ROCR_VISIBLE_DEVICES',
  '  : "${HIP_VISIBLE_DEVICES:=$(seq -s, 0 $(( $(printf %s "$CUDA_VISIBLE_DEVICES" | tr -cd , | wc -c) )))}"; export HIP_VISIBLE_DEVICES',
  'fi',
  `cd ${quote(job.cwd)} || exit ${CANNOT_ENTER_CHECKOUT}`,
  `exec ${[job.file, ...job.args].map(quote).join(' ')} < ${quote(job.stdinFile ?? '/dev/null')}`,
  '',
].join('\n');

/** `sbatch` arguments of one agent job. */
export const agentSbatchArgs = (settings: AgentSlurmSettings, job: { name: string; timeoutMs: number; stdout: string; stderr: string; cwd: string; script: string }): string[] => [
  '--parsable',
  '--no-requeue',
  `--job-name=${job.name}`,
  `--time=${settings.timeMs !== null ? Math.ceil(settings.timeMs / 60_000) : timeLimitMinutes(job.timeoutMs)}`,
  `--output=${job.stdout}`,
  `--error=${job.stderr}`,
  `--chdir=${job.cwd}`,
  SBATCH_EXPORT,
  ...(settings.partition !== null ? [`--partition=${settings.partition}`] : []),
  ...(settings.gres !== null ? [`--gres=${settings.gres}`] : settings.gpus > 0 ? [`--gpus=${settings.gpus}`] : []),
  ...(settings.cpus !== null ? [`--cpus-per-task=${settings.cpus}`] : []),
  ...(settings.memory !== null ? [`--mem=${settings.memory}`] : []),
  ...settings.extraArgs,
  job.script,
];
