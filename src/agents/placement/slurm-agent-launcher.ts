import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentSlurmSettings } from '../../config/agent-runner-schema.js';
import { isSwarmError } from '../../core/domain/errors.js';
import type { AgentExit, AgentJobRecord, AgentLaunch, AgentLauncher } from '../../core/ports/index.js';
import { judgeJobState, type SlurmJobRecord } from '../../slurm/job-record.js';
import { slurmCli, type SlurmCli } from '../../slurm/slurm-cli.js';
import { readFileTail } from '../../process/output-tail.js';
import { ensureLogDir } from '../../process/process-group.js';
import { agentJobEnv, agentJobScript, agentSbatchArgs, CANNOT_ENTER_CHECKOUT } from './agent-job-script.js';
import { FileMirror } from './mirror-file.js';
import { openJobFolder, unheldJobFolder, writeJobFile } from './job-folder.js';
import { removeConfined } from '../../workspace/confined-fs.js';
import { submitAgentJob } from './submit-agent-job.js';

export interface SlurmAgentOptions {
  settings: AgentSlurmSettings;
  runId: string;
  attemptId: string;
  /** The job's own folder on the shared storage of the worktree: script, stdin, raw outputs. */
  jobDir: string;
  /** Called whenever the job's record changes (submitted, started, ended, resubmitted). */
  onJob: (job: AgentJobRecord) => void;
  /** What the job runs: the agent (default) or a `workspace.setup` command before it; in the job's name and script. */
  role?: 'agent' | 'setup';
  cli?: SlurmCli;
}

const TAIL_BYTES = 4000;
const CANCEL_WAIT_MS = 15_000;

type Try = { kind: 'done'; exit: AgentExit } | { kind: 'cluster'; exit: AgentExit };

/**
 * Runs an attempt's agent CLI as a Slurm batch job: the script enters the worktree (shared storage)
 * and runs the command line; its outputs are mirrored into the attempt's log files while it runs;
 * timeout and abort `scancel` it; a failure of the cluster (NODE_FAIL, a lost job) resubmits up to
 * `settings.retries` times, the earlier transcript kept beside the new one.
 */
export class SlurmAgentLauncher implements AgentLauncher {
  private readonly cli: SlurmCli;

  constructor(private readonly options: SlurmAgentOptions) {
    this.cli = options.cli ?? slurmCli();
  }

  get jobDir(): string {
    return this.options.jobDir;
  }

  /** "the agent", or "the setup command" of a setup job: in the reasons a job's end gives. */
  private get what(): string {
    return this.options.role === 'setup' ? 'the setup command' : 'the agent';
  }

  async launch(launch: AgentLaunch): Promise<AgentExit> {
    if (launch.signal.aborted) return exitOf({ canceled: true });
    for (let retries = 0; ; retries++) {
      const result = await this.runOnce(launch, retries);
      if (result.kind === 'done' || retries >= this.options.settings.retries || launch.signal.aborted) return result.exit;
      // The next job starts the agent afresh: the failed try's transcript stays beside it.
      await rename(launch.stdoutFile, `${launch.stdoutFile}.try${retries + 1}`).catch(() => undefined);
      await rename(launch.stderrFile, `${launch.stderrFile}.try${retries + 1}`).catch(() => undefined);
    }
  }

  private async runOnce(launch: AgentLaunch, retries: number): Promise<Try> {
    const { jobDir, settings } = this.options;
    await Promise.all([dirname(launch.stdoutFile), dirname(launch.stderrFile)].map((dir) => ensureLogDir(dir)));
    const role = this.options.role ?? 'agent';
    const names = { script: `${role}.slurm.sh`, stdin: 'stdin.txt', stdout: 'stdout.log', stderr: 'stderr.log' };
    const files = { script: join(jobDir, names.script), stdin: join(jobDir, names.stdin), stdout: join(jobDir, names.stdout), stderr: join(jobDir, names.stderr) };
    await Promise.all([launch.stdoutFile, launch.stderrFile].map((file) => rm(file, { force: true })));
    await Promise.all([writeFile(launch.stdoutFile, ''), writeFile(launch.stderrFile, '')]);
    const stdinFile = launch.stdin === 'ignore' ? null : files.stdin;
    const folder = await openJobFolder(jobDir);
    if (folder === null) return { kind: 'done', exit: exitOf({ error: unheldJobFolder(jobDir) }) };
    try {
      await Promise.all([removeConfined(folder, names.stdout), removeConfined(folder, names.stderr)]);
      if (stdinFile !== null) await writeJobFile(folder, names.stdin, launch.stdin, 0o600);
      await writeJobFile(folder, names.script, agentJobScript({ cwd: launch.cwd, file: launch.file, args: launch.args, stdinFile }), 0o700);
    } finally {
      await folder.close();
    }
    const env = agentJobEnv(process.env, launch.env, settings.passEnv);
    // Named as evaluation jobs are (swarm-<run>-<attempt>-<stage>), so a resumed run finds its own.
    const name = `swarm-${this.options.runId}-${this.options.attemptId}-${role}`;
    const args = agentSbatchArgs(settings, { name, timeoutMs: launch.timeoutMs, stdout: files.stdout, stderr: files.stderr, cwd: launch.cwd, script: files.script });
    const submitted = await submitAgentJob(args, env, this.options.attemptId);
    if (!submitted.ok) return { kind: 'cluster', exit: exitOf({ error: submitted.error }) };
    const jobId = submitted.jobId;
    this.options.onJob({ jobId, node: null, pendingMs: null, state: 'PENDING', retries });
    const mirrors = [new FileMirror(files.stdout, launch.stdoutFile), new FileMirror(files.stderr, launch.stderrFile)];
    const sync = async (): Promise<void> => { await Promise.all(mirrors.map((mirror) => mirror.sync().catch(() => undefined))); };
    const end = await this.follow(jobId, launch, retries, sync);
    await sync();
    return this.judge(jobId, end, launch, retries);
  }

  /** Polls the job to its end; the timeout (counted from its start) and an abort cancel it. */
  private async follow(jobId: string, launch: AgentLaunch, retries: number, sync: () => Promise<void>): Promise<{ record: SlurmJobRecord | null; timedOut?: boolean; canceled?: boolean }> {
    let record: SlurmJobRecord | null = null;
    let lastState = 'PENDING';
    let seenRunningAt: number | null = null;
    for (;;) {
      try {
        record = (await this.cli.show(jobId)) ?? record;
      } catch (error) {
        if (!isSwarmError(error)) throw error;
      }
      if (record !== null && record.state !== lastState) {
        lastState = record.state;
        this.options.onJob(jobRecord(jobId, record, retries));
      }
      await sync();
      const verdict = record === null ? 'waiting' : judgeJobState(record.state);
      if (verdict === 'running') seenRunningAt ??= Date.now();
      const startedAt = record?.startTime ?? seenRunningAt;
      if (verdict === 'running' && startedAt !== null && Date.now() - startedAt > launch.timeoutMs) return { record: await this.cancel(jobId, record, retries), timedOut: true };
      if (verdict !== 'waiting' && verdict !== 'running') return { record };
      try {
        await sleep(this.options.settings.pollMs, undefined, { signal: launch.signal });
      } catch {
        return { record: await this.cancel(jobId, record, retries), canceled: true };
      }
    }
  }

  private async judge(jobId: string, end: { record: SlurmJobRecord | null; timedOut?: boolean; canceled?: boolean }, launch: AgentLaunch, retries: number): Promise<Try> {
    const { record } = end;
    const state = record?.state ?? 'UNKNOWN';
    this.options.onJob(jobRecord(jobId, record, retries, state));
    const [stdoutTail, stderrTail] = await Promise.all([readFileTail(launch.stdoutFile, TAIL_BYTES), readFileTail(launch.stderrFile, TAIL_BYTES)]);
    const durationMs = record?.startTime != null ? Math.max(0, (record.endTime ?? Date.now()) - record.startTime) : 0;
    const base = { stdoutTail, stderrTail, durationMs };
    if (end.timedOut || end.canceled) return { kind: 'done', exit: exitOf({ ...base, timedOut: end.timedOut ?? false, canceled: end.canceled ?? false }) };
    const where = record?.node ? ` on ${record.node}` : '';
    switch (record === null ? 'cluster-failure' : judgeJobState(state)) {
      case 'completed':
      case 'failed':
        if (record?.exitCode === CANNOT_ENTER_CHECKOUT) {
          return { kind: 'done', exit: exitOf({ ...base, error: `Slurm job ${jobId}${where} cannot enter the worktree ${launch.cwd}: the nodes must see the worktrees at the same path; set workspace.dir to a folder on storage the cluster shares (swarm doctor checks it), or use agent.runner "local"` }) };
        }
        return { kind: 'done', exit: exitOf({ ...base, exitCode: record?.exitCode ?? null, signal: record?.signal ? `signal ${record.signal}` : null }) };
      case 'timeout':
        return { kind: 'done', exit: exitOf({ ...base, timedOut: true }) };
      case 'out-of-memory':
        return { kind: 'done', exit: exitOf({ ...base, error: `${this.what} ran out of memory (Slurm job ${jobId} ended OUT_OF_MEMORY${where}); raise agent.slurm.memory` }) };
      case 'canceled':
        return { kind: 'done', exit: exitOf({ ...base, error: `Slurm job ${jobId}${where} was cancelled outside swarm (scancel or an administrator)` }) };
      default: {
        const why = record?.reason ? ` (${record.reason})` : '';
        return { kind: 'cluster', exit: exitOf({ ...base, error: `cluster failure: the Slurm job ${jobId} of ${this.what} ended ${state}${where}${why}; resubmitted ${retries} time(s), agent.slurm.retries is ${this.options.settings.retries}` }) };
      }
    }
  }

  /** scancel, then the job's last record once Slurm reports it ended (or what we had). */
  private async cancel(jobId: string, record: SlurmJobRecord | null, retries: number): Promise<SlurmJobRecord | null> {
    await this.cli.cancel(jobId);
    const deadline = Date.now() + CANCEL_WAIT_MS;
    let last = record;
    while (Date.now() < deadline) {
      const now = await this.cli.show(jobId).catch(() => null);
      if (now === null) break;
      last = now;
      const verdict = judgeJobState(now.state);
      if (verdict !== 'running' && verdict !== 'waiting') break;
      await sleep(Math.min(this.options.settings.pollMs, 500));
    }
    if (last !== null) this.options.onJob(jobRecord(jobId, last, retries));
    return last;
  }
}

const jobRecord = (jobId: string, record: SlurmJobRecord | null, retries: number, state = record?.state ?? 'UNKNOWN'): AgentJobRecord => ({
  jobId,
  node: record?.node ?? null,
  pendingMs: record?.submitTime != null && record.startTime != null && judgeJobState(record.state) !== 'waiting' ? Math.max(0, record.startTime - record.submitTime) : null,
  state,
  retries,
});

const exitOf = (fields: Partial<AgentExit>): AgentExit => ({
  exitCode: null, signal: null, timedOut: false, canceled: false, durationMs: 0, stdoutTail: '', stderrTail: '', pid: null, error: null, leftoverProcesses: 0, ...fields,
});
