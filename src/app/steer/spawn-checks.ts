import { agentBackend } from '../../agents/registry.js';
import type { AgentBackendName, SwarmConfig } from '../../config-assembly/index.js';
import { createCircuitBreaker } from '../../core/budget/circuit-breaker.js';
import { SwarmError } from '../../core/domain/errors.js';
import type { RunStore } from '../../core/ports/index.js';
import { breakerInput } from '../run/run-breaker.js';

/** Recorded by `swarm spawn --reset-breaker`: the breaker counts only attempts that finish after it. */
export const BREAKER_RESET_EVENT = 'run.breaker.reset';

/**
 * The check `swarm run` makes before it records anything (see preflight): an agent backend without
 * a key, login, binary or code to mutate is a usage error with its fix, not an attempt that fails.
 */
export const refuseUnusableBackend = async (backend: AgentBackendName, config: SwarmConfig, root: string, env: Record<string, string | undefined> = process.env): Promise<void> => {
  const access = await agentBackend(backend).access(config, root, env);
  if (access.ok) return;
  throw new SwarmError('BACKEND_UNAVAILABLE', `agent ${backend} cannot work: ${access.detail}; no attempt spawned (fix it, or choose another --backend; \`swarm doctor\` checks every backend)`);
};

/**
 * The run's circuit breaker, replayed from the store in the order attempts finished (since the
 * last reset): the same rule as `swarm run`'s, whichever driver process ran the attempts.
 */
export const trippedBreaker = (store: RunStore, runId: string, limit: number): string | null => {
  const resetAt = store.listEventsOfType(runId, [BREAKER_RESET_EVENT]).at(-1)?.at ?? -1;
  const breaker = createCircuitBreaker(limit);
  const finished = store.listAttempts(runId)
    .filter((attempt) => attempt.role !== 'baseline' && attempt.finishedAt !== null && attempt.finishedAt > resetAt)
    .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0));
  for (const attempt of finished) {
    const input = breakerInput(attempt);
    if (input !== null) breaker.observe(input);
  }
  return breaker.tripped;
};

/** Refuses a spawn into a run whose breaker tripped, naming the fix. */
export const refuseTrippedBreaker = (store: RunStore, runId: string, limit: number): void => {
  const reason = trippedBreaker(store, runId, limit);
  if (reason === null) return;
  throw new SwarmError('BREAKER_TRIPPED', `run ${runId} stopped: ${reason}. No attempt spawned; fix the cause (\`swarm show <attempt>\` has the error, \`swarm doctor\` checks the backend), then spawn again with --reset-breaker`);
};
