import type { SwarmConfig } from '../config/index.js';
import type { BudgetState } from '../core/budget.js';
import type { AttemptView, Budget } from '../core/types.js';

/** What the run has used so far, as the budget sees it (interrupted attempts are not counted). */
export const budgetState = (population: readonly AttemptView[], wavesStarted: number, startedAt: number): BudgetState => ({
  attemptsUsed: population.filter((a) => a.role !== 'baseline').length,
  wavesStarted,
  elapsedMs: Date.now() - startedAt,
  costUsd: population.reduce((sum, a) => sum + a.costUsd, 0),
  tokensUsed: population.reduce((sum, a) => sum + (a.tokens ?? 0), 0),
});

/** The run's budget from the configuration. */
export const budgetFrom = (config: SwarmConfig): Budget => ({
  maxAttempts: config.budget.attempts,
  maxWaves: config.budget.waves,
  maxWallMs: config.budget.wallClockMs,
  maxCostUsd: config.budget.costUsd,
  maxTokens: config.budget.tokens,
});
