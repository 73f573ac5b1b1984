import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { isSwarmError, SwarmError } from '../../../core/domain/errors.js';
import type { ClusterRun, EvalJob, EvalOutcome, EvaluatorRunner } from '../../../core/ports/index.js';
import { canceledBeforeStart, evalOutcomeFrom } from '../../eval-outcome.js';
import { withExitMarker } from '../../exit-marker.js';
import { evalJobFiles } from '../../local-evaluator-runner.js';
import { readFileTail } from '../../../process/output-tail.js';
import { parseEvaluatorOutput } from '../../parse-result.js';
import { ensureLogDir } from '../../../process/process-group.js';
import { judgeJobState, type SlurmJobRecord } from '../../../slurm/job-record.js';
import type { SlurmSettings } from './settings.js';
import { CANNOT_ENTER_CHECKOUT, jobEnvironment, jobScript, sbatchArgs } from '../../../slurm/job-script.js';
import { slurmCli, type SlurmCli } from '../../../slurm/slurm-cli.js';
import { swarmJobComment, swarmJobName, thisJobOwner } from '../../../slurm/job-tag.js';
import { currentProcessIdentity } from '../../../process/process-identity.js';

export interface SlurmRunnerOptions {
  settings: SlurmSettings;
  /** Environment every job starts from (PATH, HOME, …): a job gets this, the evaluator's variables and nothing else of the driver's. */
  baseEnv: Record<string, string>;
  tailBytes?: number;
  cli?: SlurmCli;
  /** The project root its jobs are tagged with (their comment), so a later driver finds what a killed one left. */
  project?: string;
}

type JobEnd =
  | { kind: 'done'; outcome: EvalOutcome }
  /** The cluster failed the job (not the program): worth one more submission. */
  | { kind: 'cluster'; outcome: EvalOutcome };

const PARSE_WINDOW_BYTES = 1024 * 1024;
/** After scancel, how long to wait for Slurm to report the job ended before giving up on it. */
const CANCEL_WAIT_MS = 15_000;

/**
 * Runs each evaluation as a Slurm batch job: the job script and its output live in the attempt's
 * log directory (a shared filesystem), state is polled with `scontrol show job`, and a timeout or
 * an abort `scancel`s the job. Failures of the cluster are resubmitted up to `settings.retries`
 * times; failures of the program never are.
 */
export class SlurmEvaluatorRunner implements EvaluatorRunner {
  private readonly cli: SlurmCli;
  private readonly tailBytes: number;

  constructor(private readonly options: SlurmRunnerOptions) {
    this.cli = options.cli ?? slurmCli();
    this.tailBytes = options.tailBytes ?? 4000;
  }

  async run(job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> {
    if (signal.aborted) return canceledBeforeStart(job);
    for (let retries = 0; ; retries++) {
      const end = await this.runOnce(job, signal, retries);
      if (end.kind === 'done' || retries >= this.options.settings.retries || signal.aborted) return end.outcome;
    }
  }

  private async runOnce(job: EvalJob, signal: AbortSignal, retries: number): Promise<JobEnd> {
    const files = evalJobFiles(job);
    await ensureLogDir(job.logDir);
    await Promise.all([files.result, files.stdout, files.stderr, files.exit, files.captured].map((file) => rm(file, { force: true })));
    const script = files.stdout.replace(/\.stdout\.log$/, '.slurm.sh');
    const env = jobEnvironment({
      ...this.options.baseEnv, ...job.env,
      SWARM_STAGE: job.stage, SWARM_SEED: String(job.seed), SWARM_RESULT_FILE: files.result, SWARM_WORKTREE: job.cwd,
    });
    const wrapped = job.record === undefined ? null : withExitMarker({ ...job, record: job.record }, files.exit, job.command, { direct: true });
    await writeFile(script, jobScript(job, wrapped), { mode: 0o700 });
    // Named for the run and tagged with the project and this process: a later driver finds and cancels what a killed one left.
    const name = swarmJobName(job.env.SWARM_RUN_ID, job.env.SWARM_ATTEMPT_ID, job.stage);
    const comment = this.options.project === undefined ? null : swarmJobComment(this.options.project, thisJobOwner(currentProcessIdentity()));
    let jobId: string;
    try {
      const args = sbatchArgs(this.options.settings, { name, timeoutMs: job.timeoutMs, stdout: files.stdout, stderr: files.stderr, cwd: job.cwd, script, comment });
      jobId = await this.cli.submit(args, env);
    } catch (error) {
      if (!isSwarmError(error)) throw error;
      return { kind: 'cluster', outcome: this.clusterOutcome(job, null, error.message, { node: null, pendingMs: null, state: 'NOT_SUBMITTED', retries }) };
    }
    return this.follow(job, jobId, files, signal, retries);
  }

  /** Polls the job to its end; a timeout or an abort cancels it. */
  private async follow(job: EvalJob, jobId: string, files: ReturnType<typeof evalJobFiles>, signal: AbortSignal, retries: number): Promise<JobEnd> {
    let record: SlurmJobRecord | null = null;
    let seenRunningAt: number | null = null;
    for (;;) {
      try {
        record = (await this.cli.show(jobId)) ?? record;
      } catch (error) {
        if (!isSwarmError(error)) throw error;
      }
      const verdict = record === null ? 'waiting' : judgeJobState(record.state);
      if (verdict === 'running') seenRunningAt ??= Date.now();
      const startedAt = record?.startTime ?? seenRunningAt;
      if (verdict === 'running' && startedAt !== null && Date.now() - startedAt > job.timeoutMs) {
        record = await this.cancel(jobId, record);
        return { kind: 'done', outcome: await this.outcome(job, jobId, files, record, retries, { timedOut: true }) };
      }
      if (verdict !== 'waiting' && verdict !== 'running') return this.ended(job, jobId, files, record, retries);
      try {
        await sleep(this.options.settings.pollMs, undefined, { signal });
      } catch {
        record = await this.cancel(jobId, record);
        return { kind: 'done', outcome: await this.outcome(job, jobId, files, record, retries, { canceled: true }) };
      }
    }
  }

  private async ended(job: EvalJob, jobId: string, files: ReturnType<typeof evalJobFiles>, record: SlurmJobRecord | null, retries: number): Promise<JobEnd> {
    const state = record?.state ?? 'UNKNOWN';
    switch (record === null ? 'cluster-failure' : judgeJobState(state)) {
      case 'completed':
      case 'failed': {
        const outcome = await this.outcome(job, jobId, files, record, retries, {});
        if (outcome.exitCode === CANNOT_ENTER_CHECKOUT) {
          throw new SwarmError('CONFIG_INVALID', `Slurm job ${jobId} on ${record?.node ?? 'its node'} cannot enter the checkout ${job.cwd}: the compute nodes must see the repository (and its .swarm/ directory) at the same path; put it on a filesystem the cluster shares, or use evaluator.runner "local"`);
        }
        return { kind: 'done', outcome };
      }
      case 'timeout':
        return { kind: 'done', outcome: await this.outcome(job, jobId, files, record, retries, { timedOut: true }) };
      case 'out-of-memory': {
        const outcome = await this.outcome(job, jobId, files, record, retries, {});
        const reason = `evaluator ran out of memory (Slurm job ${jobId} ended OUT_OF_MEMORY on ${record?.node ?? 'its node'}); raise evaluator.slurm.memory or use less memory`;
        return { kind: 'done', outcome: { ...outcome, valid: false, score: null, reason } };
      }
      default: {
        const where = record?.node ? ` on node ${record.node}` : '';
        const why = record?.reason ? ` (${record.reason})` : '';
        const reason = `cluster failure: Slurm job ${jobId} ended ${state}${where}${why}; the program was not at fault`;
        return { kind: 'cluster', outcome: this.clusterOutcome(job, jobId, reason, clusterRun(record, state, retries), await this.tails(files)) };
      }
    }
  }

  /** scancel, then the job's last record once Slurm reports it ended (or what we had). */
  private async cancel(jobId: string, record: SlurmJobRecord | null): Promise<SlurmJobRecord | null> {
    await this.cli.cancel(jobId);
    const deadline = Date.now() + CANCEL_WAIT_MS;
    let last = record;
    while (Date.now() < deadline) {
      const now = await this.cli.show(jobId).catch(() => null);
      if (now === null) return last;
      last = now;
      const verdict = judgeJobState(now.state);
      if (verdict !== 'running' && verdict !== 'waiting') return last;
      await sleep(Math.min(this.options.settings.pollMs, 500));
    }
    return last;
  }

  private async tails(files: ReturnType<typeof evalJobFiles>): Promise<{ stdoutTail: string; stderrTail: string }> {
    const [stdoutTail, stderrTail] = await Promise.all([readFileTail(files.stdout, this.tailBytes), readFileTail(files.stderr, this.tailBytes)]);
    return { stdoutTail, stderrTail };
  }

  private async outcome(
    job: EvalJob, jobId: string, files: ReturnType<typeof evalJobFiles>, record: SlurmJobRecord | null, retries: number,
    flags: { timedOut?: boolean; canceled?: boolean },
  ): Promise<EvalOutcome> {
    const resultText = existsSync(files.result) ? await readFile(files.result, 'utf8').catch(() => null) : null;
    const parsed = parseEvaluatorOutput({
      resultFile: resultText === null ? null : { path: files.result, text: resultText },
      stdout: resultText === null ? await readFileTail(files.stdout, PARSE_WINDOW_BYTES) : '',
    });
    const startedAt = record?.startTime ?? null;
    const durationMs = startedAt === null ? 0 : Math.max(0, (record?.endTime ?? Date.now()) - startedAt);
    const ended = flags.timedOut || flags.canceled;
    const proc = {
      exitCode: ended ? null : (record?.exitCode ?? null),
      signal: ended || !record?.signal ? null : `signal ${record.signal}`,
      timedOut: flags.timedOut ?? false,
      canceled: flags.canceled ?? false,
      durationMs,
      ...(await this.tails(files)),
      error: null,
    };
    return { ...evalOutcomeFrom(proc, parsed, job, jobId), cluster: clusterRun(record, record?.state ?? 'UNKNOWN', retries) };
  }

  private clusterOutcome(job: EvalJob, jobId: string | null, reason: string, cluster: ClusterRun, tails = { stdoutTail: '', stderrTail: '' }): EvalOutcome {
    const base = evalOutcomeFrom({ exitCode: null, signal: null, timedOut: false, canceled: false, durationMs: 0, ...tails, error: null }, { kind: 'none' }, job, jobId);
    return { ...base, valid: false, score: null, reason, cluster };
  }
}

const clusterRun = (record: SlurmJobRecord | null, state: string, retries: number): ClusterRun => ({
  node: record?.node ?? null,
  pendingMs: record?.submitTime != null && record.startTime != null ? Math.max(0, record.startTime - record.submitTime) : null,
  state,
  retries,
});
