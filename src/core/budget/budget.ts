import type { Budget } from '../domain/types.js';

export interface BudgetState {
  /** Attempts already started in this run (baseline excluded), including running ones. */
  attemptsUsed: number;
  /** Waves already started. */
  wavesStarted: number;
  elapsedMs: number;
  /** USD the agents spent so far (absent = not tracked). */
  costUsd?: number;
  /** Tokens (input + output) the agents used so far (absent = not tracked). */
  tokensUsed?: number;
  /** Evaluator runs recorded for the run so far, every kind (absent = not tracked). */
  evaluationsUsed?: number;
}

export type BudgetVerdict = { slots: number; stopReason: null } | { slots: 0; stopReason: string };

/**
 * How many new attempts may still be started, or why none may. Cost and token budgets stop new
 * attempts once reached; attempts already running finish (their usage may overshoot a little).
 */
export const budgetVerdict = (budget: Budget, state: BudgetState): BudgetVerdict => {
  if (budget.maxWallMs > 0 && state.elapsedMs >= budget.maxWallMs) {
    return { slots: 0, stopReason: `wall-clock budget of ${Math.round(budget.maxWallMs / 1000)} s reached` };
  }
  const maxCost = budget.maxCostUsd ?? 0;
  const cost = state.costUsd ?? 0;
  if (maxCost > 0 && cost >= maxCost) {
    return { slots: 0, stopReason: `cost budget of $${maxCost} reached ($${cost.toFixed(4)} spent)` };
  }
  const maxTokens = budget.maxTokens ?? 0;
  const tokens = state.tokensUsed ?? 0;
  if (maxTokens > 0 && tokens >= maxTokens) {
    return { slots: 0, stopReason: `token budget of ${maxTokens} reached (${tokens} used)` };
  }
  const evaluations = evaluationBudgetReached(budget, state.evaluationsUsed ?? 0);
  if (evaluations !== null) return { slots: 0, stopReason: evaluations };
  const left = budget.maxAttempts - state.attemptsUsed;
  if (left <= 0) return { slots: 0, stopReason: `attempt budget of ${budget.maxAttempts} reached` };
  return { slots: left, stopReason: null };
};

/** Whether another wave may start (the wave budget counts waves, 0 = unlimited). */
export const waveBudgetLeft = (budget: Budget, wavesStarted: number): boolean =>
  budget.maxWaves <= 0 || wavesStarted < budget.maxWaves;

/**
 * The stop reason once the run's evaluator runs reached `budget.evaluations`, else null. Attempts
 * already running still get their official evaluation (like cost, the count may overshoot by the
 * attempts in flight); an agent's own `swarm eval` past it is refused (`selfEvaluationRefusal`).
 */
export const evaluationBudgetReached = (budget: Pick<Budget, 'maxEvaluations'>, used: number): string | null => {
  const max = budget.maxEvaluations ?? 0;
  return max > 0 && used >= max ? `evaluation budget of ${max} reached (${used} evaluator runs)` : null;
};

/** Why an agent's `swarm eval` is not run (the run's evaluation budget is spent), else null. */
export const selfEvaluationRefusal = (budget: Pick<Budget, 'maxEvaluations'>, used: number): string | null => {
  const reached = evaluationBudgetReached(budget, used);
  return reached === null
    ? null
    : `${reached}: the run evaluates no more intermediate versions; commit your best version now, the swarm evaluates it officially (raise budget.evaluations to allow more)`;
};
