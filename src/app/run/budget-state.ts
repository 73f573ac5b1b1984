import type { SwarmConfig } from '../../config-assembly/index.js';
import type { BudgetState } from '../../core/budget/budget.js';
import type { RunCostMeter } from '../../core/budget/run-cost-meter.js';
import type { AttemptView, Budget } from '../../core/domain/types.js';
import type { RunStore } from '../../core/ports/run-store.js';

/**
 * What the run has used so far, as the budget sees it (interrupted attempts are not counted): the
 * agents' usage plus what the Shepherd's own model calls cost (LLM policy), and the evaluator runs
 * recorded for the run. `live`: the run's cost meter, so the cost includes running attempts' spend.
 */
export const storedBudgetState = (store: RunStore, runId: string, population: readonly AttemptView[], wavesStarted: number, startedAt: number, live?: RunCostMeter): BudgetState => {
  const planning = store.eventUsage(runId, 'shepherd.llm');
  const recorded = population.reduce((sum, a) => sum + a.costUsd, 0) + planning.costUsd;
  return {
    attemptsUsed: population.filter((a) => a.role !== 'baseline').length,
    wavesStarted,
    elapsedMs: Date.now() - startedAt,
    // With a live meter, running attempts' cost so far counts too (API agents report per model call).
    costUsd: live === undefined ? recorded : Math.max(recorded, live.spent()),
    tokensUsed: population.reduce((sum, a) => sum + (a.tokens ?? 0), 0) + planning.tokens,
    evaluationsUsed: store.countEvaluations(runId),
  };
};

/** The run's budget from the configuration. */
export const budgetFrom = (config: SwarmConfig): Budget => ({
  maxAttempts: config.budget.attempts,
  maxWaves: config.budget.waves,
  maxWallMs: config.budget.wallClockMs,
  maxCostUsd: config.budget.costUsd,
  maxTokens: config.budget.tokens,
  maxEvaluations: config.budget.evaluations,
});
