import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { EvalJob, EvalOutcome, EvaluatorRunner, RunStore } from '../../core/ports/index.js';
import { LOGS_TRIMMED_EVENT, RUN_SPACE_EVENT, formatSpaceBytes, trimmedOf, type RunSpace } from '../../core/views/run-space.js';
import { evalJobFiles } from '../../eval/local-evaluator-runner.js';
import type { ProjectPaths } from '../../workspace/project-layout.js';
import { folderBytes, isTrimmableLog, listLogFiles, trimLogFile, type LogFile } from './log-files.js';

export interface RunLogBudgetOptions {
  runId: string;
  paths: Pick<ProjectPaths, 'logsDir' | 'worktreesDir' | 'dbFile'>;
  store: Pick<RunStore, 'listAttemptUsage' | 'listRunningAttempts' | 'addEvent' | 'listEventsOfType'>;
  /** log.maxRunLogBytes; 0: no cap (the space is still measured and recorded). */
  capBytes: number;
  /** log.maxEvaluatorLogBytes: what one stream keeps while the run has room (0: all). */
  streamBytes: number;
  /** Evaluations that may run at once (the run's own and its agents' `swarm eval`). */
  slots: number;
  warn: (detail: Record<string, unknown>, message: string) => void;
  /** How often the space is recorded at most while nothing is cut (ms). */
  recordEveryMs?: number;
}

/** The least of each stream a job keeps however full the run's logs are: its result line and first error survive. */
const MIN_STREAM_BYTES = 64 * 1024;
/** Room held beyond a job's streams (its result file, its omission lines). */
const JOB_SLACK_BYTES = 64 * 1024;
/** What a cut file keeps, first pass then last; a file is cut at most down to the last. */
const KEEP_STEPS = [256 * 1024, 32 * 1024, 8 * 1024];
/**
 * A job is granted without a measurement while the last one, with what running jobs hold and what it
 * asks, stays under this share of the cap: measuring walks the running attempts' log folders, tens of
 * milliseconds on a busy machine, which every evaluation waited for (the slots bench lost ~10 % of
 * its utilization to it). What agents write meanwhile is caught by the measurement after each job.
 */
const FAST_GRANT_SHARE = 0.75;
/** A log changed this recently may still be written by a process the budget does not see. */
const QUIET_MS = 30_000;

interface Grant {
  bytes: number;
  files: string[];
  attempt: string | null;
}

interface Measured {
  total: number;
  /** The run's attempts oldest first, with whether each is still running. */
  attempts: Array<{ id: string; running: boolean }>;
}

/**
 * The run's accountant of `.swarm/logs` (log.maxRunLogBytes): every evaluation of the run's runner
 * asks it first and gets how much of each output stream it may keep — the configured
 * log.maxEvaluatorLogBytes while the run has room, less as the logs near the cap — and room is made
 * by cutting the oldest logs to their first and last lines (oldest attempt first; of a running
 * attempt only its finished `swarm eval` logs), each cut said in the file and by an event of its
 * attempt. What the run uses (logs, worktrees, database) is recorded as the `run.space` event.
 * Never fails an evaluation: a measurement that fails leaves the job its configured cap.
 */
export class RunLogBudget {
  private readonly finished = new Map<string, number>();
  private readonly grants = new Set<Grant>();
  private readonly settled = new Set<string>();
  private chain: Promise<unknown> = Promise.resolve();
  private dropped = 0;
  private trimmedFiles = 0;
  private worktreeBytes: number | null = null;
  private lastRecordedAt = 0;
  private pendingRecord = true;
  private counted = false;
  private warnedOver = false;
  /** The logs' bytes at the last measurement (null: none yet). */
  private lastTotal: number | null = null;
  /** Finished attempts whose logs are all cut to KEEP_STEPS[n]: not walked again at that step. */
  private readonly cutDown = new Map<string, number>();

  constructor(private readonly options: RunLogBudgetOptions) {}

  /** `inner` with every job's streams bounded by the budget. */
  runner(inner: EvaluatorRunner): EvaluatorRunner {
    return {
      run: async (job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> => {
        // Far from the cap a job is granted at once from the last measurement; only near it does the
        // job wait for a measurement (and the cuts it may need). Its end is accounted in the background.
        const grant = this.quickGrant(job) ?? (await this.serial(() => this.reserve(job)));
        try {
          return await inner.run(grant === null ? job : { ...job, maxLogBytes: grant.stream }, signal);
        } finally {
          if (grant !== null) void this.serial(() => this.settle(grant.grant, job));
        }
      },
    };
  }

  /** The grant of `job` without measuring, when the last measurement leaves a wide margin under the cap (or there is none); else null. */
  private quickGrant(job: EvalJob): { grant: Grant; stream: number } | null {
    const { capBytes } = this.options;
    const { want, need } = this.wanted();
    if (capBytes > 0 && (this.lastTotal === null || this.lastTotal + this.held() + need > capBytes * FAST_GRANT_SHARE)) return null;
    return this.grant(job, want);
  }

  /** What a job asks for: its stream cap (infinite: all) and the room that holds both streams. */
  private wanted(): { want: number; need: number } {
    const { capBytes, streamBytes, slots } = this.options;
    const configured = streamBytes > 0 ? streamBytes : Number.POSITIVE_INFINITY;
    const share = capBytes > 0 ? Math.max(MIN_STREAM_BYTES, Math.floor(capBytes / (8 * Math.max(1, slots)))) : Number.POSITIVE_INFINITY;
    const want = Math.min(configured, share);
    return { want, need: Number.isFinite(want) ? 2 * want + JOB_SLACK_BYTES : 0 };
  }

  private grant(job: EvalJob, stream: number): { grant: Grant; stream: number } {
    const files = evalJobFiles(job);
    const grant: Grant = { bytes: Number.isFinite(stream) ? 2 * stream + JOB_SLACK_BYTES : 0, files: [files.stdout, files.stderr], attempt: this.attemptOf(job.logDir) };
    this.grants.add(grant);
    return { grant, stream: Number.isFinite(stream) ? stream : 0 };
  }

  /** Measures the run's logs, cuts them when over the cap, records the space (at a driver's start and end). */
  refresh(): Promise<void> {
    return this.serial(async () => {
      if (!this.counted) {
        // What earlier drivers of this run cut.
        for (const event of this.options.store.listEventsOfType(this.options.runId, [LOGS_TRIMMED_EVENT])) {
          const cut = trimmedOf(event.data);
          this.trimmedFiles += cut.files;
          this.dropped += cut.droppedBytes;
        }
        this.counted = true;
      }
      this.pendingRecord = true;
      await this.enforce(0);
    }).then(() => undefined);
  }

  private serial<T>(work: () => Promise<T>): Promise<T | null> {
    const next = this.chain.then(work).catch((error: unknown) => {
      this.options.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not measure or cut the run\'s logs (log.maxRunLogBytes)');
      return null;
    });
    this.chain = next;
    return next;
  }

  private held(): number {
    let sum = 0;
    for (const grant of this.grants) sum += grant.bytes;
    return sum;
  }

  private async reserve(job: EvalJob): Promise<{ grant: Grant; stream: number }> {
    const { capBytes } = this.options;
    const { want, need } = this.wanted();
    const measured = await this.enforce(need);
    const room = capBytes > 0 ? capBytes - measured - this.held() - JOB_SLACK_BYTES : Number.POSITIVE_INFINITY;
    return this.grant(job, Math.max(MIN_STREAM_BYTES, Math.min(want, Math.floor(room / 2))));
  }

  private async settle(grant: Grant, job: EvalJob): Promise<void> {
    this.grants.delete(grant);
    for (const file of grant.files) this.settled.add(file);
    if (grant.attempt !== null) {
      this.finished.delete(grant.attempt);
      this.cutDown.delete(grant.attempt);
    }
    if (this.worktreeBytes === null) this.worktreeBytes = await this.worktreeOf(job.cwd);
    await this.enforce(0);
  }

  /** Measures; when the logs with what is held and `need` pass the cap, cuts the oldest logs; records the space. Returns the bytes measured. */
  private async enforce(need: number): Promise<number> {
    const { capBytes } = this.options;
    const measured = await this.measure();
    let total = measured.total;
    if (capBytes > 0 && total + this.held() + need > capBytes) total = await this.trim(measured, capBytes - this.held() - need);
    this.lastTotal = total;
    await this.record(total);
    return total;
  }

  private attemptOf(dir: string): string | null {
    const path = relative(this.options.paths.logsDir, dir);
    if (path === '' || path.startsWith('..')) return null;
    return path.split(sep)[0] ?? null;
  }

  private async measure(): Promise<Measured> {
    const { store, runId, paths } = this.options;
    const running = new Set(store.listRunningAttempts().filter((a) => a.runId === runId).map((a) => a.id));
    const attempts = store.listAttemptUsage(runId).map((a) => ({ id: a.id, running: running.has(a.id) }));
    let total = 0;
    // The run log and other files at the top of .swarm/logs count too; they are never cut.
    for (const entry of await readdir(paths.logsDir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isFile()) total += await lstat(join(paths.logsDir, entry.name)).then((s) => (s.blocks > 0 ? s.blocks * 512 : s.size), () => 0);
    }
    for (const attempt of attempts) {
      const cached = attempt.running ? undefined : this.finished.get(attempt.id);
      const bytes = cached ?? (await folderBytes(join(paths.logsDir, attempt.id)));
      if (!attempt.running) this.finished.set(attempt.id, bytes);
      total += bytes;
    }
    return { total, attempts };
  }

  /**
   * The logs of one attempt that may be cut (all of a finished attempt's, the finished `swarm eval`
   * logs of a running one), oldest first; `complete` when none was passed over as possibly still written.
   */
  private async candidatesOf(attempt: Measured['attempts'][number]): Promise<{ files: LogFile[]; complete: boolean }> {
    const busy = new Set<string>();
    for (const grant of this.grants) for (const file of grant.files) busy.add(file);
    const quietBefore = Date.now() - QUIET_MS;
    const dir = join(this.options.paths.logsDir, attempt.id);
    const out: LogFile[] = [];
    let complete = true;
    for (const file of (await listLogFiles(dir)).files.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
      if (!isTrimmableLog(file.path) || (attempt.running && !/^eval-/.test(relative(dir, file.path)))) continue;
      if (busy.has(file.path) || (!this.settled.has(file.path) && file.mtimeMs > quietBefore)) complete = false;
      else out.push(file);
    }
    return { files: out, complete };
  }

  /**
   * Cuts logs until the total is at most `target`: each step (what a cut file keeps) goes through
   * the attempts oldest first, walking one attempt's folder at a time; a finished attempt whose logs
   * are all cut to a step is not walked again at that step. Returns the new total; each cut attempt gets an event.
   */
  private async trim(measured: Measured, target: number): Promise<number> {
    let total = measured.total;
    const cut = new Map<string, { files: Set<string>; droppedBytes: number }>();
    const note = `log.maxRunLogBytes keeps this run's logs under ${formatSpaceBytes(this.options.capBytes)}, so its older logs keep their first and last lines`;
    for (const [step, keep] of KEEP_STEPS.entries()) {
      for (const attempt of measured.attempts) {
        if (total <= target) break;
        if (!attempt.running && (this.cutDown.get(attempt.id) ?? -1) >= step) continue;
        const { files, complete } = await this.candidatesOf(attempt);
        let whole = complete;
        for (const file of files) {
          if (total <= target) {
            whole = false;
            break;
          }
          if (file.size <= keep + 256) continue;
          const dropped = await trimLogFile(file.path, keep, note).catch(() => 0);
          if (dropped === 0) continue;
          const after = await lstat(file.path).catch(() => null);
          const disk = after === null ? 0 : after.blocks > 0 ? after.blocks * 512 : after.size;
          total -= file.disk - disk;
          this.finished.delete(attempt.id);
          const seen = cut.get(attempt.id) ?? { files: new Set<string>(), droppedBytes: 0 };
          // A file cut again (a later, smaller step) counts once.
          cut.set(attempt.id, { files: seen.files.add(file.path), droppedBytes: seen.droppedBytes + dropped });
          this.dropped += dropped;
        }
        if (whole && !attempt.running) this.cutDown.set(attempt.id, step);
      }
    }
    for (const [attempt, what] of cut) {
      this.trimmedFiles += what.files.size;
      this.options.store.addEvent(this.options.runId, LOGS_TRIMMED_EVENT, { files: what.files.size, droppedBytes: what.droppedBytes, capBytes: this.options.capBytes }, attempt);
    }
    if (cut.size > 0) this.pendingRecord = true;
    if (total > target && !this.warnedOver) {
      this.warnedOver = true;
      this.options.warn({ bytes: total, target }, 'the run\'s logs stay over log.maxRunLogBytes: what is left cannot be cut (logs being written, artifacts, result files)');
    }
    return total;
  }

  private async worktreeOf(cwd: string): Promise<number | null> {
    const path = relative(this.options.paths.worktreesDir, cwd);
    const top = path.split(sep)[0];
    if (path.startsWith('..') || top === undefined || top === '') return null;
    return folderBytes(join(this.options.paths.worktreesDir, top));
  }

  private async record(logBytes: number): Promise<void> {
    const now = Date.now();
    if (!this.pendingRecord && now - this.lastRecordedAt < (this.options.recordEveryMs ?? 30_000)) return;
    const { paths } = this.options;
    const size = (file: string): Promise<number> => lstat(file).then((s) => s.size, () => 0);
    const space: RunSpace = {
      logBytes,
      logCapBytes: this.options.capBytes,
      logsDroppedBytes: this.dropped,
      logFilesTrimmed: this.trimmedFiles,
      worktrees: (await readdir(paths.worktreesDir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).length,
      worktreeBytes: this.worktreeBytes,
      dbBytes: (await size(paths.dbFile)) + (await size(`${paths.dbFile}-wal`)),
      at: now,
    };
    this.options.store.addEvent(this.options.runId, RUN_SPACE_EVENT, { ...space });
    this.lastRecordedAt = now;
    this.pendingRecord = false;
  }
}
