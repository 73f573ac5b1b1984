import type { ClusterRun } from '../domain/cluster-run.js';

/** One evaluator invocation (one cascade stage). */
export interface EvalJob {
  command: string;
  cwd: string;
  stage: string;
  seed: number;
  timeoutMs: number;
  env: Record<string, string>;
  /** Where stdout/stderr and the result file of this job are written. */
  logDir: string;
  /** Primary metric name; the score is metrics[metric]. */
  metric: string;
  /** At most this many bytes of each output stream kept in its log file (the run's log cap shrinks it); absent: the runner's own. */
  maxLogBytes?: number;
  /**
   * The recorded job this run is (set by the evaluation journal): the runner leaves an exit record
   * of it that outlives the driver, so a resume can record a job that finished during a kill.
   */
  record?: JobRecordKey;
}

/** Which row a job's outcome becomes: its kind, the evaluated commit, its occurrence among equal jobs (1, 2 …). */
export interface JobRecordKey {
  kind: string;
  commit: string;
  occurrence: number;
}

export interface EvalOutcome {
  metrics: Record<string, number>;
  score: number | null;
  valid: boolean;
  /** Why the evaluation is invalid, in words a user and the next agent can act on. */
  reason: string | null;
  feedback: string | null;
  instances: Record<string, number> | null;
  artifacts: Record<string, string> | null;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  stdoutTail: string;
  stderrTail: string;
  jobId: string | null;
  /** Where a cluster runner ran the job: node, time spent waiting for it, final state, resubmissions. */
  cluster?: ClusterRun | null;
  /** Processes the evaluator left running after it exited (stopped by the runner); absent: none, or unknown. */
  leftoverProcesses?: number;
}

export type { ClusterRun };

/** Runs evaluator jobs. Never throws for a failing program: that is an invalid outcome. */
export interface EvaluatorRunner {
  run(job: EvalJob, signal: AbortSignal): Promise<EvalOutcome>;
}
