import { describe, expect, it } from 'vitest';
import { budgetVerdict, waveBudgetLeft } from '../../../src/core/budget/budget.js';
import { wavesSinceImprovement } from '../../../src/core/domain/population.js';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AttemptView } from '../../../src/core/domain/types.js';

describe('budgetVerdict', () => {
  const budget = { maxAttempts: 10, maxWaves: 3, maxWallMs: 60_000 };
  it('counts the attempts left', () => {
    expect(budgetVerdict(budget, { attemptsUsed: 4, wavesStarted: 1, elapsedMs: 10 })).toEqual({ slots: 6, stopReason: null });
  });
  it('stops on the attempt budget and on the wall clock', () => {
    expect(budgetVerdict(budget, { attemptsUsed: 10, wavesStarted: 1, elapsedMs: 0 }).stopReason).toMatch(/attempt budget of 10/);
    expect(budgetVerdict(budget, { attemptsUsed: 0, wavesStarted: 1, elapsedMs: 60_000 }).stopReason).toMatch(/wall-clock budget of 60 s/);
    expect(budgetVerdict({ ...budget, maxWallMs: 0 }, { attemptsUsed: 0, wavesStarted: 1, elapsedMs: 1e12 }).stopReason).toBeNull();
  });
  it('limits waves unless unlimited', () => {
    expect(waveBudgetLeft(budget, 2)).toBe(true);
    expect(waveBudgetLeft(budget, 3)).toBe(false);
    expect(waveBudgetLeft({ ...budget, maxWaves: 0 }, 1000)).toBe(true);
  });
});

describe('wavesSinceImprovement', () => {
  const a = (id: string, wave: number, score: number): AttemptView => ({
    id: attemptId(id), runId: runId('r1'), wave, role: 'explorer', operator: 'explore', backend: 'local', parents: [], status: 'scored', score, hypothesis: null, createdAt: wave, finishedAt: wave, costUsd: 0,
  });
  it('counts finished waves since the best was first reached', () => {
    const attempts = [a('a1', 0, 1), a('a2', 1, 3), a('a3', 2, 3), a('a4', 3, 2)];
    expect(wavesSinceImprovement(attempts, 'maximize', 3)).toBe(2);
    expect(wavesSinceImprovement(attempts, 'minimize', 3)).toBe(3);
  });
});
