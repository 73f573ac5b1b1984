/** What the breaker needs to know of a finished attempt. */
export interface FinishedAttempt {
  id: string;
  /** The agent's own error when the agent failed; null for a scored, invalid or otherwise failed attempt. */
  agentError: string | null;
}

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
  return {
    observe(attempt) {
      if (tripped !== null || limit <= 0) return null;
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
      tripped = `${count} attempts in a row (${ids.join(', ')}) failed with the same agent error: ${attempt.agentError}; fix the cause and start again (agent.maxConsecutiveFailures sets how many)`;
      return tripped;
    },
    get tripped() {
      return tripped;
    },
  };
};
