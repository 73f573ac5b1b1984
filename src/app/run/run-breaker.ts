import { createCircuitBreaker, type FinishedAttempt } from '../../core/budget/circuit-breaker.js';
import type { AttemptRecord } from '../../store/records.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { Logger } from '../setup/logger.js';
import type { RunBreaker } from '../context/run-context.js';

export type { RunBreaker } from '../context/run-context.js';

/**
 * What the breaker counts of a finished attempt, or null for one that is no evidence either way
 * (interrupted, still running). Agent failures only count: a scored or invalid attempt resets the
 * count, a failure of swarm itself ("infrastructure") too.
 */
export const breakerInput = (attempt: AttemptRecord): FinishedAttempt | null => {
  if (attempt.status === 'interrupted' || attempt.status === 'running') return null;
  const agentFailed = attempt.status === 'failed' && attempt.error !== null && !attempt.flags.includes('infrastructure');
  return { id: attempt.id, agentError: agentFailed ? attempt.error : null };
};

/** The breaker over {@link breakerInput}. On the trip the run drains: nothing new starts, running attempts finish and are recorded. */
export const createRunBreaker = (options: {
  limit: number;
  stop: AbortController;
  report: (line: string) => void;
  store: RunStore;
  runId: string;
  logger: Logger;
}): RunBreaker => {
  const breaker = createCircuitBreaker(options.limit);
  return {
    observe(attempt) {
      const input = breakerInput(attempt);
      if (input === null) return;
      const reason = breaker.observe(input);
      if (reason === null) return;
      options.store.addEvent(options.runId, 'run.breaker', { reason }, attempt.id);
      options.logger.error({ attempt: attempt.id, reason }, 'circuit breaker tripped; no new attempts start');
      options.report(`stopping: ${reason}`);
      options.stop.abort();
    },
    get reason() {
      return breaker.tripped;
    },
  };
};
