import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../../src/core/domain/ids.js';
import { composeShepherdPrompt } from '../../../../src/core/planning/policies/llm-prompt.js';
import { validateShepherdPlan } from '../../../../src/core/planning/policies/llm-plan.js';
import { createRng } from '../../../../src/core/domain/random.js';
import type { AttemptView } from '../../../../src/core/domain/types.js';

const view = (id: string, over: Partial<AttemptView> = {}): AttemptView => ({
  id: attemptId(id), runId: runId('r1'), wave: 1, role: 'explorer', operator: 'explore', backend: 'openai', parents: [attemptId('a0')],
  status: 'scored', score: 1, hypothesis: `idea ${id}`, createdAt: 1, finishedAt: 2, costUsd: 0.01, ...over,
});
const attempts = [
  view('a0', { role: 'baseline', parents: [], wave: 0 }),
  view('a1'),
  view('a2', { status: 'failed', score: null }),
  view('a3', { role: 'optimizer', status: 'running', parents: [attemptId('a1')] }),
];
const limits = { attempts, baselineId: attemptId('a0'), maxAttempts: 3, backend: 'openai', rng: createRng(1) };

describe('LLM shepherd plan validation', () => {
  it('accepts a valid plan wrapped in prose and derives operators', () => {
    const reply = 'Here is my plan:\n```json\n{"reasoning":"diversify","attempts":[{"parents":["a0"],"role":"explorer","context":"a1 tried x"},{"parents":["a1","a0"],"role":"explorer"}]}\n```';
    const result = validateShepherdPlan(reply, limits);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.specs.map((s) => [s.operator, s.parents, s.backend])).toEqual([['explore', ['a0'], 'openai'], ['merge', ['a1', 'a0'], 'openai']]);
    expect(result.plan.rationale).toBe('llm: diversify');
  });

  it('reports every problem: unknown or unscored parents, busy optimizer parents, size, backend', () => {
    const reply = JSON.stringify({
      attempts: [
        { parents: ['a9'], role: 'explorer' },
        { parents: ['a2'], role: 'explorer' },
        { parents: ['a1'], role: 'optimizer' },
        { parents: ['a0'], role: 'explorer', backend: 'anthropic' },
      ],
    });
    const result = validateShepherdPlan(reply, limits);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.errors.join('\n');
    expect(text).toMatch(/4 planned, at most 3/);
    expect(text).toMatch(/a9 is not an attempt/);
    expect(text).toMatch(/a2 is failed/);
    expect(text).toMatch(/a1 already has an optimizer/);
    expect(text).toMatch(/only "openai" runs/);
  });

  it('rejects two optimizers on one parent in the same plan, and non-JSON', () => {
    const two = validateShepherdPlan(JSON.stringify({ attempts: [{ parents: ['a0'], role: 'optimizer' }, { parents: ['a0'], role: 'optimizer' }] }), limits);
    expect(!two.ok && two.errors.join()).toMatch(/a0 already has an optimizer/);
    expect(validateShepherdPlan('no plan today', limits)).toEqual({ ok: false, errors: ['not valid JSON: the reply contains no JSON object'] });
    expect(validateShepherdPlan('{"attempts": []}', limits).ok).toBe(false);
  });

  it('puts the attempts table, running optimizers and the limits in the prompt', () => {
    const prompt = composeShepherdPrompt({ task: 'tune it', objective: { metric: 'score', direction: 'maximize' }, attempts, wave: 3, maxAttempts: 2, budgetLeft: '5 attempts' });
    expect(prompt).toContain('a1 | a0 | explorer | scored | 1');
    expect(prompt).toContain('Parents with an optimizer still running: a1.');
    expect(prompt).toContain('Plan between 1 and 2 attempts. Budget left: 5 attempts.');
  });
});
