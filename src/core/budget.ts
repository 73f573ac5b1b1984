import type { Budget } from './types.js';

export interface BudgetState {
  /** Attempts already started in this run (baseline excluded), including running ones. */
  attemptsUsed: number;
  /** Waves already started. */
  wavesStarted: number;
  elapsedMs: number;
}

export type BudgetVerdict = { slots: number; stopReason: null } | { slots: 0; stopReason: string };

/** How many new attempts may still be started, or why none may. */
export const budgetVerdict = (budget: Budget, state: BudgetState): BudgetVerdict => {
  if (budget.maxWallMs > 0 && state.elapsedMs >= budget.maxWallMs) {
    return { slots: 0, stopReason: `wall-clock budget of ${Math.round(budget.maxWallMs / 1000)} s reached` };
  }
  const left = budget.maxAttempts - state.attemptsUsed;
  if (left <= 0) return { slots: 0, stopReason: `attempt budget of ${budget.maxAttempts} reached` };
  return { slots: left, stopReason: null };
};

/** Whether another wave may start (the wave budget counts waves, 0 = unlimited). */
export const waveBudgetLeft = (budget: Budget, wavesStarted: number): boolean =>
  budget.maxWaves <= 0 || wavesStarted < budget.maxWaves;
