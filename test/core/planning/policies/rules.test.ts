import { describe, expect, it } from 'vitest';
import { attemptId, runId, type AttemptId } from '../../../../src/core/domain/ids.js';
import { createRng } from '../../../../src/core/domain/random.js';
import { planRulesWave, type PlanInput, type RulesSettings } from '../../../../src/core/planning/policies/rules.js';
import type { AttemptView, Role } from '../../../../src/core/domain/types.js';

const settings: RulesSettings = { initialExplorers: 4, waveSize: 4, leaders: 3, plateauWaves: 3, mergeEvery: 2 };
let clock = 0;
const attempt = (id: string, wave: number, role: Role, parents: string[], score: number | null, status: AttemptView['status'] = score === null ? 'invalid' : 'scored'): AttemptView => ({
  id: attemptId(id),
  runId: runId('r1'),
  wave,
  role,
  operator: role === 'baseline' ? 'baseline' : 'explore',
  backend: 'local',
  parents: parents.map(attemptId),
  status,
  score,
  hypothesis: `idea of ${id}`,
  createdAt: ++clock,
  finishedAt: clock,
  costUsd: 0,
});

const plan = (attempts: AttemptView[], wave: number, overrides: Partial<PlanInput> = {}) =>
  planRulesWave({ attempts, baselineId: attemptId('a1'), direction: 'maximize', wave, maxAttempts: 100, backend: 'local', settings, rng: createRng(7), ...overrides });

const baseline = attempt('a1', 0, 'baseline', [], 1.0);
const firstWave = [attempt('a2', 1, 'explorer', ['a1'], 1.5), attempt('a3', 1, 'explorer', ['a1'], 1.2), attempt('a4', 1, 'explorer', ['a1'], null), attempt('a5', 1, 'explorer', ['a1'], 0.8)];

describe('planRulesWave', () => {
  it('starts with a wave of explorers from the baseline', () => {
    const result = plan([baseline], 1);
    expect(result.specs).toHaveLength(4);
    expect(result.specs.every((s) => s.role === 'explorer' && s.operator === 'explore' && s.parents[0] === 'a1')).toBe(true);
  });

  it('never plans more than the budget allows', () => {
    expect(plan([baseline], 1, { maxAttempts: 2 }).specs).toHaveLength(2);
    expect(plan([baseline, ...firstWave], 2, { maxAttempts: 1 }).specs).toHaveLength(1);
  });

  it('puts optimizers on the leaders and fans out from them', () => {
    const result = plan([baseline, ...firstWave], 3);
    const optimizers = result.specs.filter((s) => s.role === 'optimizer');
    expect(optimizers.map((s) => s.parents[0])).toEqual(['a2', 'a3']);
    expect(optimizers.every((s) => s.operator === 'deepen')).toBe(true);
    const fanOut = result.specs.filter((s) => s.operator === 'fan-out');
    expect(fanOut.length).toBeGreaterThan(0);
    expect(fanOut.every((s) => ['a2', 'a3'].includes(s.parents[0] ?? ''))).toBe(true);
  });

  it('runs at most one optimizer per parent, counting running ones', () => {
    const running = attempt('a6', 2, 'optimizer', ['a2'], null, 'running');
    const result = plan([baseline, ...firstWave, running], 3);
    const onA2 = result.specs.filter((s) => s.role === 'optimizer' && s.parents[0] === 'a2');
    expect(onA2).toHaveLength(0);
    const perParent = new Map<AttemptId | undefined, number>();
    for (const s of result.specs.filter((x) => x.role === 'optimizer')) perParent.set(s.parents[0], (perParent.get(s.parents[0]) ?? 0) + 1);
    expect([...perParent.values()].every((n) => n === 1)).toBe(true);
  });

  it('merges the two best attempts every mergeEvery waves', () => {
    const merge = plan([baseline, ...firstWave], 2).specs.find((s) => s.operator === 'merge');
    expect(merge?.parents).toEqual(['a2', 'a3']);
    expect(plan([baseline, ...firstWave], 3).specs.some((s) => s.operator === 'merge')).toBe(false);
  });

  it('sends fresh explorers from baseline after a plateau, informed by the leaders', () => {
    const stale = [baseline, ...firstWave, attempt('a6', 2, 'explorer', ['a2'], 1.1), attempt('a7', 3, 'explorer', ['a2'], 1.4), attempt('a8', 4, 'explorer', ['a2'], 1.3)];
    const result = plan(stale, 5);
    const fresh = result.specs.filter((s) => s.parents[0] === 'a1' && s.operator === 'explore');
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    expect(fresh[0]?.informedBy).toContain('a2');
    expect(result.rationale).toMatch(/plateau/);
  });

  it('respects the direction when ranking leaders', () => {
    const result = plan([baseline, ...firstWave], 3, { direction: 'minimize' });
    const optimizerParents = result.specs.filter((s) => s.role === 'optimizer').map((s) => s.parents[0]);
    expect(optimizerParents[0]).toBe('a5');
  });

  it('is deterministic for a seed and gives each attempt its own seed', () => {
    const a = plan([baseline, ...firstWave], 3);
    const b = plan([baseline, ...firstWave], 3);
    expect(a.specs.map((s) => s.seed)).toEqual(b.specs.map((s) => s.seed));
    expect(new Set(a.specs.map((s) => s.seed)).size).toBe(a.specs.length);
  });

  it('tells agents what was tried from their parent without prescribing an idea', () => {
    const withChild = [baseline, ...firstWave, attempt('a6', 2, 'explorer', ['a2'], 1.45)];
    const spec = plan(withChild, 3).specs.find((s) => s.operator === 'fan-out' && s.parents[0] === 'a2');
    expect(spec?.context).toContain('a6: idea of a6');
    expect(spec?.context).toContain('do not repeat');
  });
});

describe('composeAgentPrompt', () => {
  it('lists parents and inspirations with their scores, hypotheses and feedback', async () => {
    const { composeAgentPrompt } = await import('../../../../src/core/attempt/agent-prompt.js');
    const prompt = composeAgentPrompt({
      task: 'Pack circles.',
      objective: { metric: 'sum_radii', direction: 'maximize' },
      role: 'explorer',
      attemptId: 'a9',
      context: 'Population: 8 attempts.',
      parents: [{ id: 'a3', score: 2.1, status: 'scored', hypothesis: 'rings', feedback: 'ok', reason: null }],
      inspirations: [{ id: 'a5', score: 2.3, status: 'scored', hypothesis: 'hexagonal grid', feedback: null, reason: null }],
      evalCommand: 'swarm eval',
    });
    expect(prompt).toContain('# Parents\n\n- a3: score 2.1\n  hypothesis: rings\n  evaluator feedback: ok');
    expect(prompt).toContain('# Other attempts worth knowing\n\n- a5: score 2.3\n  hypothesis: hexagonal grid');
    expect(prompt).toContain('higher is better');
    expect(prompt.startsWith('# Task\n\nPack circles.')).toBe(true);
    const headed = composeAgentPrompt({ task: '# Task: pack circles\n\nDetails.', objective: { metric: 's', direction: 'minimize' }, role: 'optimizer', attemptId: 'a2', context: '', parents: [], evalCommand: 'swarm eval' });
    expect(headed.startsWith('# Task: pack circles\n\nDetails.')).toBe(true);
    expect(headed).toContain('lower is better');
  });
});
