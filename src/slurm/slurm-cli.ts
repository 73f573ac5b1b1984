import { SwarmError } from '../core/domain/errors.js';
import { runProcess } from '../process/run-process.js';
import { parseJobRecord, type SlurmJobRecord } from './job-record.js';

/** The Slurm client commands the runner uses; one short-lived process per call. */
export interface SlurmCli {
  /** `sbatch --parsable …` with the job's environment (what `--export` names): the job id. */
  submit(args: string[], env: Record<string, string>): Promise<string>;
  /** `scontrol show job -o <id>`: null once Slurm has forgotten the job (MinJobAge). */
  show(jobId: string): Promise<SlurmJobRecord | null>;
  /** `scancel <id>`; a job already gone is not an error. */
  cancel(jobId: string): Promise<void>;
  /** `squeue --me`: this user's jobs Slurm still holds (pending, running, ending); null when squeue cannot tell. */
  list(): Promise<QueuedJob[] | null>;
}

/** One line of `squeue --me`: what a later driver needs to find and cancel a job it left. */
export interface QueuedJob {
  id: string;
  state: string;
  name: string;
  comment: string;
}

/** id, state, name, comment, tab-separated: a name or a comment with a tab is not one of swarm's. */
const QUEUE_FORMAT = '%i\t%T\t%j\t%k';

export const parseQueue = (stdout: string): QueuedJob[] =>
  stdout.split('\n').flatMap((line) => {
    const [id = '', state = '', name = '', ...rest] = line.split('\t');
    return /^\d+(_\d+)?$/.test(id.trim()) ? [{ id: id.trim(), state: state.trim(), name, comment: rest.join('\t') }] : [];
  });

const firstLine = (text: string): string => text.trim().split('\n')[0] ?? '';

export const slurmCli = (): SlurmCli => ({
  async submit(args, env) {
    // sbatch itself keeps the SLURM_* settings of this machine (SLURM_CONF…); the job gets what --export names.
    const slurm = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('SLURM_') && entry[1] !== undefined));
    const result = await runProcess('sbatch', args, { timeoutMs: 60_000, env: { ...slurm, ...env }, extendEnv: false });
    if (result.startError !== null) {
      throw new SwarmError('CONFIG_INVALID', `cannot run sbatch (${result.startError}); install the Slurm client on this machine or use evaluator.runner "local"`);
    }
    const id = firstLine(result.stdout).split(';')[0] ?? '';
    if (result.exitCode !== 0 || !/^\d+$/.test(id)) {
      throw new SwarmError('EVAL_CLUSTER', `sbatch refused the evaluation job: ${firstLine(result.stderr) || firstLine(result.stdout) || `exit code ${result.exitCode}`}; check evaluator.slurm (partition, gpus, memory)`);
    }
    return id;
  },
  async show(jobId) {
    const result = await runProcess('scontrol', ['show', 'job', '-o', jobId], { timeoutMs: 30_000 });
    if (result.exitCode !== 0) {
      if (/Invalid job id/i.test(result.stderr)) return null;
      throw new SwarmError('EVAL_CLUSTER', `scontrol show job ${jobId} failed: ${firstLine(result.stderr) || `exit code ${result.exitCode}`}`);
    }
    return parseJobRecord(firstLine(result.stdout));
  },
  async cancel(jobId) {
    await runProcess('scancel', [jobId], { timeoutMs: 30_000 });
  },
  async list() {
    const result = await runProcess('squeue', ['--me', '--noheader', `--format=${QUEUE_FORMAT}`], { timeoutMs: 30_000 });
    return result.startError === null && result.exitCode === 0 ? parseQueue(result.stdout) : null;
  },
});
