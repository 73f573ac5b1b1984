/** What the breaker needs to know of a finished attempt. */
export interface FinishedAttempt {
  id: string;
  /** The agent's own error when the agent failed; null for a scored, invalid or otherwise failed attempt. */
  agentError: string | null;
  /** Why its worktree's `workspace.setup` failed (an infrastructure failure), else null or absent. */
  setupError?: string | null;
  /**
   * An attempt that changed nothing because its agent's edits failed or were refused: its backend
   * and the agent's own words; null or absent otherwise (the backend's count starts again).
   */
  editFailure?: { backend: string; note: string } | null;
  /** The attempt's backend, so an attempt that is no edit failure resets its backend's count; absent: none is reset. */
  backend?: string;
}

/** Setup failures in a row that stop a run: the same command fails every new worktree alike. */
export const SETUP_FAILURE_LIMIT = 3;

export interface CircuitBreaker {
  /** Counts a finished attempt; returns the reason to stop the run when this attempt trips the breaker. */
  observe(attempt: FinishedAttempt): string | null;
  /** The reason the breaker tripped, or null. */
  readonly tripped: string | null;
}

/**
 * Two failures are "the same" when their messages differ only in numbers, paths and quoted ids
 * (attempt ids, durations, worktrees), e.g. "Not logged in" or "exited with code 1: ...".
 */
export const failureKey = (error: string): string =>
  error
    .replace(/(?:\/[\w.@+-]+)+\/?/g, '<path>')
    .replace(/\b[a-z]*\d[\w.-]*/gi, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, 400);

/** Attempt ids in the order a reader counts them (a2 before a10), whatever order they finished in. */
const listIds = (ids: readonly string[]): string =>
  [...ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).join(', ');

/**
 * Stops a run after `limit` attempts in a row (in the order they finish) fail with the same agent
 * error: an agent that cannot work fails every attempt alike, and each one costs time or money.
 * `limit` 0 never trips.
 */
export const createCircuitBreaker = (limit: number): CircuitBreaker => {
  let key: string | null = null;
  let count = 0;
  let tripped: string | null = null;
  const ids: string[] = [];
  const setupIds: string[] = [];
  const editFailures = new Map<string, string[]>();
  /** Counts edit failures per backend: an agent that cannot write fails every attempt alike, whatever it says. */
  const observeEdits = (attempt: FinishedAttempt): string | null => {
    const failure = attempt.editFailure ?? null;
    if (failure === null) {
      if (attempt.backend !== undefined) editFailures.delete(attempt.backend);
      return null;
    }
    const seen = [...(editFailures.get(failure.backend) ?? []), attempt.id];
    editFailures.set(failure.backend, seen);
    if (seen.length < limit) return null;
    return `${seen.length} attempts in a row of agent ${failure.backend} (${listIds(seen)}) changed nothing: ${failure.note}; fix the cause (\`swarm doctor\` checks what it can) and start again (agent.maxConsecutiveFailures sets how many)`;
  };
  return {
    observe(attempt) {
      if (tripped !== null) return null;
      const setupError = attempt.setupError ?? null;
      if (setupError === null) setupIds.length = 0;
      else {
        setupIds.push(attempt.id);
        if (setupIds.length >= SETUP_FAILURE_LIMIT) {
          tripped = `${setupIds.length} attempts in a row (${listIds(setupIds)}) could not be prepared: ${setupError}`;
          return tripped;
        }
        return null;
      }
      if (limit <= 0) return null;
      const edits = observeEdits(attempt);
      if (edits !== null) {
        tripped = edits;
        return tripped;
      }
      if (attempt.agentError === null) {
        key = null;
        count = 0;
        ids.length = 0;
        return null;
      }
      const next = failureKey(attempt.agentError);
      if (next !== key) {
        key = next;
        count = 0;
        ids.length = 0;
      }
      count += 1;
      ids.push(attempt.id);
      if (count < limit) return null;
      tripped = `${count} attempts in a row (${listIds(ids)}) failed with the same agent error: ${attempt.agentError}; fix the cause and start again (agent.maxConsecutiveFailures sets how many)`;
      return tripped;
    },
    get tripped() {
      return tripped;
    },
  };
};
