/** A batch job's record beside the evaluation it ran. */
export interface ClusterRun {
  node: string | null;
  /** Submit to start; durationMs counts only the run itself. */
  pendingMs: number | null;
  state: string;
  /** Jobs resubmitted after a failure of the cluster (node failure, preemption). */
  retries: number;
}
