import { readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isAllowedEnvName } from '../core/trust/env-allow-list.js';
import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../core/ports/index.js';
import { bwrapArgs, type BwrapHost } from './bwrap-sandbox.js';
import { canceledBeforeStart, evalOutcomeFrom } from './eval-outcome.js';
import { readFileTail } from '../process/output-tail.js';
import { parseEvaluatorOutput, type ParsedOutput } from './parse-result.js';
import { ensureLogDir, runProcessGroup } from '../process/process-group.js';
import { sandboxMounts } from './sandbox-mounts.js';
import { withExitMarker } from './exit-marker.js';
import { GpuLocks } from './gpu-locks.js';
import { SlotPool } from './slot-pool.js';

export interface LocalEvaluatorRunnerOptions {
  /** Bytes of stdout / stderr kept in the outcome (default 4000). */
  tailBytes?: number;
  /** GPU ids; when non-empty each job holds `gpusPerEvaluation` of them exclusively (see gpuEnv). */
  gpus?: string[];
  /** GPUs each job holds (default 1). */
  gpusPerEvaluation?: number;
  /**
   * Directory of GPU lock files shared with other swarm processes of the repository (agents'
   * `swarm eval`); without it the GPU pool is this process's alone.
   */
  gpuLockDir?: string;
  /** Time between SIGTERM and SIGKILL on timeout or cancel (default 2000). */
  killGraceMs?: number;
  /** Bytes of each output stream kept in its log file, head and tail (log.maxEvaluatorLogBytes); 0: all. */
  maxLogBytes?: number;
  /** Run every job under bwrap (from {@link prepareBwrap}), with these protect globs read-only. */
  sandbox?: EvalSandbox | null;
}

export interface EvalSandbox {
  host: BwrapHost;
  network: boolean;
  protect: string[];
  /** Paths outside the checkout shared into it by workspace.link, mounted read-only. */
  shared?: string[];
}

/** The JSON result line is searched for in at most this much of the end of stdout. */
const PARSE_WINDOW_BYTES = 1024 * 1024;

/**
 * Where a job's files go: `<logDir>/<stage>-<seed>.stdout.log`, `.stderr.log`, `-result.json`;
 * for a recorded job also its exit record `.exit.json` (exit-marker.ts) and `.captured`, written
 * once both output files are complete.
 */
export const evalJobFiles = (job: Pick<EvalJob, 'logDir' | 'stage' | 'seed'>): {
  stdout: string;
  stderr: string;
  result: string;
  exit: string;
  captured: string;
} => {
  const base = `${job.stage.replace(/[^A-Za-z0-9._-]/g, '_')}-${job.seed}`;
  return {
    stdout: join(job.logDir, `${base}.stdout.log`),
    stderr: join(job.logDir, `${base}.stderr.log`),
    result: join(job.logDir, `${base}-result.json`),
    exit: join(job.logDir, `${base}.exit.json`),
    captured: join(job.logDir, `${base}.captured`),
  };
};

/**
 * Runs evaluator commands as local process groups through `/bin/sh -c`, optionally one per GPU.
 * Resolves with an outcome for every failing program; throws only when the log directory is unusable.
 */
/**
 * Of swarm's own environment the program under evaluation inherits only the allow-list (PATH,
 * HOME, locale, TMPDIR, SWARM_*, GPU variables): a program an agent wrote could otherwise copy
 * credentials into its outputs. `job.env` carries `evaluator.env` and the `evaluator.passEnv` names.
 */
const withheldFromEvaluator = (name: string): boolean => !isAllowedEnvName(name);

/** The bytes of each stream kept: the smaller of the runner's and the job's cap (0 = no cap). */
const keptLogBytes = (own: number, job: number | undefined): number =>
  job === undefined || job <= 0 ? own : own <= 0 ? job : Math.min(own, job);

export class LocalEvaluatorRunner implements EvaluatorRunner {
  private readonly tailBytes: number | undefined;
  private readonly killGraceMs: number | undefined;
  private readonly maxLogBytes: number;
  private readonly gpus: Pick<SlotPool<string>, 'acquireMany' | 'release'> | null;
  private readonly gpusPerJob: number;
  private readonly sandbox: EvalSandbox | null;

  constructor(options: LocalEvaluatorRunnerOptions = {}) {
    this.tailBytes = options.tailBytes;
    this.killGraceMs = options.killGraceMs;
    this.maxLogBytes = options.maxLogBytes ?? 0;
    this.sandbox = options.sandbox ?? null;
    const gpus = options.gpus ?? [];
    this.gpusPerJob = Math.min(options.gpusPerEvaluation ?? 1, Math.max(gpus.length, 1));
    this.gpus = gpus.length === 0 ? null : options.gpuLockDir !== undefined ? new GpuLocks(options.gpuLockDir, gpus) : new SlotPool(gpus);
  }

  async run(job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> {
    if (this.gpus === null) return this.runOn(job, signal, null);
    const held = await this.gpus.acquireMany(this.gpusPerJob, signal);
    if (held === null) return canceledBeforeStart(job);
    try {
      return await this.runOn(job, signal, held);
    } finally {
      for (const gpu of held) this.gpus.release(gpu);
    }
  }

  private async runOn(job: EvalJob, signal: AbortSignal, gpus: string[] | null): Promise<EvalOutcome> {
    const files = evalJobFiles(job);
    await ensureLogDir(job.logDir);
    await Promise.all([files.result, files.exit, files.captured].map((file) => rm(file, { force: true })));
    const env: Record<string, string> = {
      ...job.env,
      SWARM_STAGE: job.stage,
      SWARM_SEED: String(job.seed),
      SWARM_RESULT_FILE: files.result,
      SWARM_WORKTREE: job.cwd,
      ...(gpus === null ? {} : gpuEnv(gpus)),
    };
    const proc = await runProcessGroup({
      ...(await this.commandLine(job, files.exit)),
      cwd: job.cwd,
      env,
      withholdEnv: withheldFromEvaluator,
      timeoutMs: job.timeoutMs,
      signal,
      stdoutFile: files.stdout,
      stderrFile: files.stderr,
      tailBytes: this.tailBytes,
      killGraceMs: this.killGraceMs,
      maxLogBytes: keptLogBytes(this.maxLogBytes, job.maxLogBytes),
      ...(job.record === undefined ? {} : { onCaptured: () => writeFile(files.captured, '') }),
    });
    return evalOutcomeFrom(proc, await readEvaluatorOutput(files), job);
  }

  /**
   * The evaluator command through `/bin/sh -c` (under the exit-record wrapper when the job is
   * recorded, see exit-marker.ts), inside bwrap when sandboxed: the wrapper runs in the sandbox
   * too, so the sandbox still dies with the driver (--die-with-parent) and the record is written
   * into the log folder the sandbox mounts writable.
   */
  private async commandLine(job: EvalJob, exitFile: string): Promise<{ file: string; args: string[]; shell: boolean }> {
    const marked = (markerPath: string): { file: string; args: string[] } | null =>
      job.record === undefined ? null : withExitMarker({ ...job, record: job.record }, markerPath, job.command);
    if (this.sandbox === null) return { ...(marked(exitFile) ?? { file: job.command, args: [] }), shell: job.record === undefined };
    // Mount points must be real paths; a missing checkout is reported by runProcessGroup.
    const checkout = await realpath(job.cwd).catch(() => job.cwd);
    const resultDir = await realpath(job.logDir);
    const mounts = await sandboxMounts({ checkout, protect: this.sandbox.protect, resultDir, network: this.sandbox.network, shared: this.sandbox.shared ?? [] });
    const inner = marked(join(resultDir, basename(exitFile))) ?? { file: '/bin/sh', args: ['-c', job.command] };
    return { file: this.sandbox.host.program, args: [...bwrapArgs(this.sandbox.host, mounts), '--', inner.file, ...inner.args], shell: false };
  }
}

/**
 * The variables that hand a job its GPUs. NVIDIA reads CUDA_VISIBLE_DEVICES; on AMD, ROCm reads
 * ROCR_VISIBLE_DEVICES first and HIP then numbers what it left from 0, and HIP prefers
 * HIP_VISIBLE_DEVICES over CUDA_VISIBLE_DEVICES: so ROCR gets the physical ids and HIP the
 * indices 0…k-1 (the physical ids there would point past the visible set).
 */
export const gpuEnv = (gpus: readonly string[]): Record<string, string> => ({
  CUDA_VISIBLE_DEVICES: gpus.join(','),
  ROCR_VISIBLE_DEVICES: gpus.join(','),
  HIP_VISIBLE_DEVICES: gpus.map((_, index) => String(index)).join(','),
});

/** What the job reported: its result file, else the JSON line at the end of its stdout log. */
export const readEvaluatorOutput = async (files: { stdout: string; result: string }): Promise<ParsedOutput> => {
  const resultText = await readOptional(files.result);
  return parseEvaluatorOutput({
    resultFile: resultText === null ? null : { path: files.result, text: resultText },
    stdout: resultText === null ? await readFileTail(files.stdout, PARSE_WINDOW_BYTES) : '',
  });
};

export const readOptional = async (path: string): Promise<string | null> => {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
};
