import { createCircuitBreaker, type FinishedAttempt } from '../../core/budget/circuit-breaker.js';
import type { AttemptRecord } from '../../store/records.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { Logger } from '../project/logger.js';
import { SETUP_FAILED } from '../workspace/provision-step.js';
import { EDIT_FAILED, editFailureNoteIn } from '../../core/attempt/edit-failed.js';
import type { RunBreaker } from '../context/run-context.js';
import type { AgentPool } from '../setup/agent-pool.js';
import { createPoolBreakers, POOL_BREAKER_EVENT } from './pool-breaker.js';

export type { RunBreaker } from '../context/run-context.js';

/**
 * What the breaker counts of a finished attempt, or null for one that is no evidence either way
 * (interrupted, still running). Agent failures only count: a scored or invalid attempt resets the
 * count, a failure of swarm itself ("infrastructure") too; failures of workspace.setup are counted
 * on their own (three in a row stop the run), and so are attempts of one backend flagged
 * `edit-failed` (no change, the agent's edits failed).
 */
export const breakerInput = (attempt: AttemptRecord): FinishedAttempt | null => {
  if (attempt.status === 'interrupted' || attempt.status === 'running') return null;
  const agentFailed = attempt.status === 'failed' && attempt.error !== null && !attempt.flags.includes('infrastructure');
  const setupFailed = attempt.status === 'failed' && attempt.flags.includes(SETUP_FAILED);
  // An attempt that changed nothing because its edits failed counts against its backend, however it was scored.
  const editFailed = !agentFailed && attempt.flags.includes(EDIT_FAILED);
  return {
    id: attempt.id,
    agentError: agentFailed ? attempt.error : null,
    setupError: setupFailed ? (attempt.reason ?? 'workspace.setup failed') : null,
    backend: attempt.backend,
    editFailure: editFailed ? { backend: attempt.backend, note: attempt.error === null ? 'its edits failed' : editFailureNoteIn(attempt.error) } : null,
  };
};

/** The breaker over {@link breakerInput}. On the trip the run drains: nothing new starts, running attempts finish and are recorded. */
export const createRunBreaker = (options: {
  limit: number;
  stop: AbortController;
  report: (line: string) => void;
  store: RunStore;
  runId: string;
  logger: Logger;
  pool?: AgentPool | null;
}): RunBreaker => {
  if (options.pool) return createPoolRunBreaker({ ...options, pool: options.pool });
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

/** The breaker of a run with `agent.pool`: per entry (a tripped entry stops, the others continue), the run stops when all did. */
const createPoolRunBreaker = (options: Parameters<typeof createRunBreaker>[0] & { pool: AgentPool }): RunBreaker => {
  const breakers = createPoolBreakers(options.pool.members.map((m) => m.name), options.limit);
  let reason: string | null = null;
  return {
    observe(attempt) {
      const input = breakerInput(attempt);
      if (input === null || reason !== null) return;
      const verdict = breakers.observe(attempt.backend, input);
      if (verdict.entryTripped !== null) {
        const { entry, reason: why } = verdict.entryTripped;
        options.store.addEvent(options.runId, POOL_BREAKER_EVENT, { entry, reason: why }, attempt.id);
        options.logger.error({ attempt: attempt.id, entry, reason: why }, 'pool entry stopped by its circuit breaker');
        options.report(`pool entry ${entry} stopped: ${why}; the other entries continue`);
      }
      if (verdict.runTripped === null) return;
      reason = verdict.runTripped;
      options.store.addEvent(options.runId, 'run.breaker', { reason }, attempt.id);
      options.logger.error({ attempt: attempt.id, reason }, 'circuit breaker tripped; no new attempts start');
      options.report(`stopping: ${reason}`);
      options.stop.abort();
    },
    get reason() {
      return reason;
    },
  };
};
