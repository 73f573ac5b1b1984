import type { Budget } from './types.js';

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
  const left = budget.maxAttempts - state.attemptsUsed;
  if (left <= 0) return { slots: 0, stopReason: `attempt budget of ${budget.maxAttempts} reached` };
  return { slots: left, stopReason: null };
};

/** Whether another wave may start (the wave budget counts waves, 0 = unlimited). */
export const waveBudgetLeft = (budget: Budget, wavesStarted: number): boolean =>
  budget.maxWaves <= 0 || wavesStarted < budget.maxWaves;
