import { describe, expect, it } from 'vitest';
import { budgetVerdict, selfEvaluationRefusal } from '../../../src/core/budget/budget.js';

describe('cost and token budgets', () => {
  const budget = { maxAttempts: 10, maxWaves: 0, maxWallMs: 0, maxCostUsd: 1.5, maxTokens: 10_000 };
  const state = { attemptsUsed: 2, wavesStarted: 1, elapsedMs: 0 };
  it('stop new attempts once reached and name the budget', () => {
    expect(budgetVerdict(budget, { ...state, costUsd: 1.49, tokensUsed: 9_999 })).toEqual({ slots: 8, stopReason: null });
    expect(budgetVerdict(budget, { ...state, costUsd: 1.5, tokensUsed: 0 })).toEqual({ slots: 0, stopReason: 'cost budget of $1.5 reached ($1.5000 spent)' });
    expect(budgetVerdict(budget, { ...state, costUsd: 0, tokensUsed: 10_000 }).stopReason).toBe('token budget of 10000 reached (10000 used)');
  });
  it('are unlimited at 0 or when absent', () => {
    expect(budgetVerdict({ ...budget, maxCostUsd: 0, maxTokens: 0 }, { ...state, costUsd: 1e9, tokensUsed: 1e12 }).stopReason).toBeNull();
    expect(budgetVerdict({ maxAttempts: 10, maxWaves: 0, maxWallMs: 0 }, { ...state, costUsd: 1e9, tokensUsed: 1e12 }).stopReason).toBeNull();
  });
});

describe('the evaluation budget', () => {
  const budget = { maxAttempts: 10, maxWaves: 0, maxWallMs: 0, maxEvaluations: 20 };
  const state = { attemptsUsed: 2, wavesStarted: 1, elapsedMs: 0 };
  it('stops new attempts once the evaluator ran that often, whatever the attempts left', () => {
    expect(budgetVerdict(budget, { ...state, evaluationsUsed: 19 })).toEqual({ slots: 8, stopReason: null });
    expect(budgetVerdict(budget, { ...state, evaluationsUsed: 20 })).toEqual({ slots: 0, stopReason: 'evaluation budget of 20 reached (20 evaluator runs)' });
    expect(budgetVerdict(budget, { ...state, evaluationsUsed: 31 }).stopReason).toBe('evaluation budget of 20 reached (31 evaluator runs)');
  });
  it('is unlimited at 0, when absent, or when nothing is counted', () => {
    expect(budgetVerdict({ ...budget, maxEvaluations: 0 }, { ...state, evaluationsUsed: 1e9 }).stopReason).toBeNull();
    expect(budgetVerdict({ maxAttempts: 10, maxWaves: 0, maxWallMs: 0 }, { ...state, evaluationsUsed: 1e9 }).stopReason).toBeNull();
    expect(budgetVerdict(budget, state).stopReason).toBeNull();
  });
  it("refuses an agent's own evaluation past it, saying what to do", () => {
    expect(selfEvaluationRefusal(budget, 19)).toBeNull();
    expect(selfEvaluationRefusal(budget, 20)).toMatch(/^evaluation budget of 20 reached \(20 evaluator runs\): .*commit your best version.*budget\.evaluations/);
    expect(selfEvaluationRefusal({ maxEvaluations: 0 }, 1e9)).toBeNull();
  });
});
