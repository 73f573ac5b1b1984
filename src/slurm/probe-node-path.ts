import { runProcess } from '../process/run-process.js';
import { shellQuote } from '../core/text/shell-quote.js';
import { SBATCH_EXPORT } from './job-script.js';

/** What a one-second job said about a folder: a node entered it, could not, or the check itself failed. */
export type NodePathProbe = { kind: 'seen' } | { kind: 'unseen'; detail: string } | { kind: 'unchecked'; detail: string };

const firstLine = (text: string): string => text.trim().split('\n')[0] ?? '';

/**
 * Submits a one-second batch job (`sbatch --wait`) that runs `test -d <dir>` on a node of the
 * partition: whether the cluster's nodes see the folder at the same path as this machine.
 */
export const probeNodePath = async (dir: string, job: { partition: string | null; extraArgs: readonly string[] }, timeoutMs = 120_000): Promise<NodePathProbe> => {
  const slurm = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('SLURM_') && entry[1] !== undefined));
  const args = [
    '--wait', '--parsable', '--time=1', '--job-name=swarm-doctor-path', '--output=/dev/null', '--error=/dev/null', SBATCH_EXPORT, '--chdir=/',
    ...(job.partition !== null ? [`--partition=${job.partition}`] : []), ...job.extraArgs,
    `--wrap=test -d ${shellQuote(dir)}`,
  ];
  const result = await runProcess('sbatch', args, { timeoutMs, env: { ...slurm, PATH: process.env.PATH ?? '/usr/bin:/bin' }, extendEnv: false });
  if (result.startError !== null) return { kind: 'unchecked', detail: `cannot run sbatch (${result.startError})` };
  if (result.timedOut) return { kind: 'unchecked', detail: `the check job did not finish within ${Math.round(timeoutMs / 1000)} s (a busy partition?)` };
  const jobId = firstLine(result.stdout).split(';')[0] ?? '?';
  if (result.exitCode === 0) return { kind: 'seen' };
  // sbatch --wait exits with the job's exit code; 1 is `test -d` failing on the node.
  if (result.exitCode === 1 && /^\d+$/.test(jobId)) return { kind: 'unseen', detail: `job ${jobId} ran \`test -d ${dir}\` and it failed on the node` };
  return { kind: 'unchecked', detail: `sbatch failed: ${firstLine(result.stderr) || `exit code ${String(result.exitCode)}`}` };
};
