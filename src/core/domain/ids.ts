/** Branded identifiers: a run id can never be passed where an attempt id is expected. */
export type RunId = string & { readonly __brand: 'RunId' };
export type AttemptId = string & { readonly __brand: 'AttemptId' };

export const runId = (value: string): RunId => value as RunId;
export const attemptId = (value: string): AttemptId => value as AttemptId;

/** Branch name of an attempt: `swarm/<run>/<attempt>`. */
export const attemptBranch = (run: RunId, attempt: AttemptId): string => `swarm/${run}/${attempt}`;
