import type { EvalJob, EvalOutcome } from '../core/ports/index.js';
import { withCause } from '../core/evaluation/error-cause.js';
import { judgeReport, type ParsedOutput } from './parse-result.js';
import type { ProcessOutcome } from '../process/process-group.js';

/** How the evaluator process ended, as any runner (local, slurm) can describe it. */
export type EvaluatorProcess = Pick<
  ProcessOutcome,
  'exitCode' | 'signal' | 'timedOut' | 'canceled' | 'durationMs' | 'stdoutTail' | 'stderrTail' | 'error'
> & Partial<Pick<ProcessOutcome, 'leftoverProcesses'>>;

/**
 * Combines how the evaluator process ended with what it printed into the recorded outcome.
 * Metrics are kept even when the run is invalid (for the record); the score only when valid.
 */
export const evalOutcomeFrom = (
  proc: EvaluatorProcess,
  parsed: ParsedOutput,
  job: Pick<EvalJob, 'metric' | 'stage' | 'timeoutMs'>,
  jobId: string | null = null,
): EvalOutcome => {
  const report = parsed.kind === 'report' ? parsed.report : null;
  const processProblem = describeProcessProblem(proc, job);
  // The line of stderr that names the error goes into the reason, so every place that shows why an
  // evaluation failed (progress, summary, `swarm eval`) shows its cause, not only `swarm show`.
  const verdict = processProblem !== null
    ? { valid: false, score: null, reason: !proc.timedOut && (proc.exitCode !== null || proc.signal !== null) ? withCause(processProblem, proc.stderrTail, proc.stdoutTail) : processProblem }
    : report !== null
      ? judgeReport(report, job.metric)
      : { valid: false, score: null, reason: withCause(describeMissingOutput(parsed), proc.stderrTail) };
  return {
    metrics: report?.metrics ?? {},
    score: verdict.valid ? verdict.score : null,
    valid: verdict.valid,
    reason: verdict.reason,
    feedback: report?.feedback ?? null,
    instances: report?.instances ?? null,
    artifacts: report?.artifacts ?? null,
    exitCode: proc.exitCode,
    signal: proc.signal,
    timedOut: proc.timedOut,
    durationMs: Math.round(proc.durationMs),
    stdoutTail: proc.stdoutTail,
    stderrTail: proc.stderrTail,
    jobId,
    ...(proc.leftoverProcesses !== undefined && proc.leftoverProcesses > 0 ? { leftoverProcesses: proc.leftoverProcesses } : {}),
  };
};

/** An outcome for a job that never ran because it was canceled first (e.g. while waiting for a GPU). */
export const canceledBeforeStart = (job: Pick<EvalJob, 'metric' | 'stage' | 'timeoutMs'>): EvalOutcome =>
  evalOutcomeFrom(
    { exitCode: null, signal: null, timedOut: false, canceled: true, durationMs: 0, stdoutTail: '', stderrTail: '', error: null },
    { kind: 'none' },
    job,
  );

/** `5 s`, `0.25 s`, `90 s`: durations in the seconds users configure. */
export const formatSeconds = (ms: number): string =>
  `${ms >= 10_000 ? Math.round(ms / 1000) : Number((ms / 1000).toPrecision(3))} s`;

const describeProcessProblem = (
  proc: EvaluatorProcess,
  job: Pick<EvalJob, 'stage' | 'timeoutMs'>,
): string | null => {
  if (proc.timedOut) {
    return `evaluator timed out after ${formatSeconds(job.timeoutMs)} (stage ${job.stage}); raise evaluator.timeout or make the evaluator faster`;
  }
  if (proc.canceled) return 'evaluation canceled';
  if (proc.error !== null) return `could not start evaluator: ${proc.error}; check evaluator.command and the working directory`;
  if (proc.signal !== null) return `evaluator was killed by signal ${proc.signal}`;
  if (proc.exitCode !== null && proc.exitCode !== 0) return `evaluator exited with code ${proc.exitCode}`;
  return null;
};

const describeMissingOutput = (parsed: ParsedOutput): string =>
  parsed.kind === 'bad-result-file'
    ? `evaluator wrote ${parsed.path} ($SWARM_RESULT_FILE) but it is not a JSON object (${parsed.error}); write one object such as {"score": 1.5}`
    : 'evaluator printed no JSON object (expected {"score": ...} as the last stdout line or in $SWARM_RESULT_FILE)';
