import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import { planSwarm } from '../../../src/core/planning/policies/swarm.js';
import { createRng } from '../../../src/core/domain/random.js';
import { planRulesWave, type RulesSettings } from '../../../src/core/planning/policies/rules.js';
import type { AttemptView, Role } from '../../../src/core/domain/types.js';

const settings: RulesSettings = { initialExplorers: 4, waveSize: 4, leaders: 2, plateauWaves: 3, mergeEvery: 0 };
let clock = 0;
const attempt = (id: string, role: Role, score: number): AttemptView => ({
  id: attemptId(id), runId: runId('r1'), wave: role === 'baseline' ? 0 : 1, role, operator: role === 'baseline' ? 'baseline' : 'explore', backend: 'local',
  parents: role === 'baseline' ? [] : [attemptId('a1')], status: 'scored', score, hypothesis: `idea of ${id}`, createdAt: ++clock, finishedAt: clock, costUsd: 0,
});
// By the primary metric a2 > a3 > a4 > a5; the front is a2 and a5 (a5 is the cheapest).
const attempts = [attempt('a1', 'baseline', 1), attempt('a2', 'explorer', 4), attempt('a3', 'explorer', 3), attempt('a4', 'explorer', 2.5), attempt('a5', 'explorer', 2)];
const front = [attemptId('a2'), attemptId('a5')];
const input = { attempts, baselineId: attemptId('a1'), direction: 'maximize' as const, wave: 2, maxAttempts: 100, backend: 'local' };

describe('policies offered the Pareto front', () => {
  it('rules: the leaders come from the front, not the primary ranking', () => {
    const alone = planRulesWave({ ...input, settings, rng: createRng(3) });
    const withFront = planRulesWave({ ...input, settings, rng: createRng(3), front });
    const optimized = (plan: typeof alone): string[] => plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0] ?? '');
    expect(optimized(alone)).toEqual(['a2', 'a3']);
    expect(optimized(withFront)).toEqual(['a2', 'a5']);
    expect(withFront.specs.filter((s) => s.operator === 'fan-out').every((s) => front.includes(attemptId(s.parents[0] ?? '')))).toBe(true);
  });

  it('swarm: optimizers refine the front members', () => {
    const plan = planSwarm({ ...input, settings: { ...settings, niche: null }, rng: createRng(3), front });
    expect(plan.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0])).toEqual(['a2', 'a5']);
  });
});
