/** Stable error codes; the CLI maps them to exit codes. */
export type SwarmErrorCode =
  | 'CONFIG_INVALID'
  | 'CONFIG_NOT_FOUND'
  | 'USAGE'
  | 'NOT_A_GIT_REPO'
  | 'NOT_FOUND'
  | 'RUN_LOCKED'
  | 'BACKEND_UNAVAILABLE'
  | 'GIT_FAILED'
  | 'STORE_FAILED'
  /** The cluster (sbatch, scontrol) failed an evaluation: an outcome, retried once, never the program's fault. */
  | 'EVAL_CLUSTER'
  | 'INTERRUPTED'
  /** A budget of the run is spent: nothing new may start (`swarm spawn`). */
  | 'BUDGET_SPENT'
  /** The run's circuit breaker tripped: `swarm spawn` starts nothing until it is reset. */
  | 'BREAKER_TRIPPED'
  /** The background driver of `swarm spawn` could not start (e.g. the baseline does not evaluate). */
  | 'DRIVER_FAILED'
  /** A file system the run writes to is full, over quota or read-only: the run stopped, resumable (exit 1). */
  | 'DISK_FULL'
  | 'INTERNAL';

/** The one base error of swarm: a stable code, a message naming the object and the fix, and a cause. */
export class SwarmError extends Error {
  readonly code: SwarmErrorCode;
  constructor(code: SwarmErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SwarmError';
    this.code = code;
  }
}

export const isSwarmError = (value: unknown): value is SwarmError => value instanceof SwarmError;

/** Exit codes: 0 ok, 1 run ended with problems, 2 usage/config, 130 interrupted. */
export const exitCodeFor = (error: unknown): number => {
  if (!isSwarmError(error)) return 1;
  switch (error.code) {
    case 'CONFIG_INVALID':
    case 'CONFIG_NOT_FOUND':
    case 'USAGE':
    case 'NOT_A_GIT_REPO':
    case 'NOT_FOUND':
    case 'RUN_LOCKED':
    case 'BACKEND_UNAVAILABLE':
    case 'BUDGET_SPENT':
    case 'BREAKER_TRIPPED':
      return 2;
    case 'INTERRUPTED':
      return 130;
    default:
      return 1;
  }
};
