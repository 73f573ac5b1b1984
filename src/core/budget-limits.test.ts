import { describe, expect, it } from 'vitest';
import { budgetVerdict } from './budget.js';

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
