import { runProcess } from '../../process/run-process.js';

const firstLine = (text: string): string => text.trim().split('\n')[0] ?? '';

/**
 * `sbatch --parsable …` of an agent job, run with exactly the job's environment (and this
 * machine's SLURM_* settings): the job id, or why sbatch refused it, as a value.
 */
export const submitAgentJob = async (args: string[], env: Record<string, string>, attemptId: string): Promise<{ ok: true; jobId: string } | { ok: false; error: string }> => {
  const slurm = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('SLURM_') && entry[1] !== undefined));
  const result = await runProcess('sbatch', args, { timeoutMs: 60_000, env: { ...slurm, ...env }, extendEnv: false });
  if (result.startError !== null) return { ok: false, error: `cannot run sbatch for the agent of attempt ${attemptId} (${result.startError}); install the Slurm client on this machine or set agent.runner to "local"` };
  const id = firstLine(result.stdout).split(';')[0] ?? '';
  if (result.exitCode !== 0 || !/^\d+$/.test(id)) {
    return { ok: false, error: `sbatch refused the agent job of attempt ${attemptId}: ${firstLine(result.stderr) || firstLine(result.stdout) || `exit code ${String(result.exitCode)}`}; check agent.slurm (partition, gpus, memory, extraArgs)` };
  }
  return { ok: true, jobId: id };
};
