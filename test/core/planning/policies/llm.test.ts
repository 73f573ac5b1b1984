import { describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../../src/core/domain/ids.js';
import type { ShepherdModel, ShepherdReply, ShepherdTurn } from '../../../../src/core/ports/shepherd-model.js';
import { createRng } from '../../../../src/core/domain/random.js';
import type { AttemptView } from '../../../../src/core/domain/types.js';
import { planLlm, type LlmPolicyInput } from '../../../../src/core/planning/policies/llm.js';

const view = (id: string, over: Partial<AttemptView> = {}): AttemptView => ({
  id: attemptId(id), runId: runId('r1'), wave: 1, role: 'explorer', operator: 'explore', backend: 'openai', parents: [attemptId('a0')],
  status: 'scored', score: 1, hypothesis: `idea ${id}`, createdAt: 1, finishedAt: 2, costUsd: 0.5, ...over,
});
const population = [view('a0', { role: 'baseline', parents: [], wave: 0, costUsd: 0 }), view('a1')];

/** A model that answers from a script and keeps every conversation it was sent. */
const scriptedModel = (replies: ShepherdReply[]): ShepherdModel & { seen: ShepherdTurn[][] } => {
  const seen: ShepherdTurn[][] = [];
  return {
    seen,
    ask: async ({ turns }) => {
      seen.push([...turns]);
      const reply = replies.shift();
      if (reply === undefined) throw new Error('the script has no further reply');
      return reply;
    },
  };
};

const usage = { inputTokens: 100, outputTokens: 20, costUsd: 0.01 };
const valid = (reasoning: string): ShepherdReply => ({ ok: true, text: JSON.stringify({ reasoning, attempts: [{ parents: ['a1'], role: 'explorer', context: 'try y' }] }), usage });
const invalid: ShepherdReply = { ok: true, text: JSON.stringify({ attempts: [{ parents: ['a9'], role: 'explorer' }] }), usage };

const input = (model: ShepherdModel, over: Partial<LlmPolicyInput> = {}): LlmPolicyInput => ({
  task: 'make it fast',
  objective: { metric: 'score', direction: 'maximize' },
  request: { population, baselineId: attemptId('a0'), wave: 2, maxAttempts: 5 },
  settings: { llmWaveSize: null, initialExplorers: 4, waveSize: 3, budgetCostUsd: 2, backend: 'openai' },
  rng: createRng(1),
  model,
  fallback: () => ({ specs: [], rationale: 'rules plan' }),
  signal: new AbortController().signal,
  ...over,
});

describe('the llm policy', () => {
  it('uses a valid first plan and reports the usage of its one round', async () => {
    const model = scriptedModel([valid('deepen a1')]);
    const outcome = await planLlm(input(model));
    expect(outcome.rejected).toBeNull();
    expect(outcome.plan.rationale).toBe('llm: deepen a1');
    expect(outcome.plan.specs.map((s) => s.parents)).toEqual([['a1']]);
    expect(outcome.replies).toEqual([{ round: 0, usage }]);
  });

  it('tells the model the wave size and the budget left', async () => {
    const model = scriptedModel([valid('x')]);
    await planLlm(input(model));
    const prompt = model.seen[0]?.[0]?.text ?? '';
    // Wave 2 plans `waveSize` (3) attempts; $2 budget less the $0.5 spent.
    expect(prompt).toContain('Plan between 1 and 3 attempts');
    expect(prompt).toContain('$1.50 of $2');
  });

  it('sends an invalid plan back once with its problems, then takes the corrected one', async () => {
    const model = scriptedModel([invalid, valid('fixed')]);
    const outcome = await planLlm(input(model));
    expect(outcome.plan.rationale).toBe('llm: fixed');
    expect(outcome.replies.map((r) => r.round)).toEqual([0, 1]);
    const second = model.seen[1] ?? [];
    expect(second.map((t) => t.role)).toEqual(['user', 'assistant', 'user']);
    expect(second[2]?.text).toMatch(/The plan is invalid:\n- .*a9 is not an attempt/);
  });

  it('falls back to the rules plan after two invalid plans, saying why', async () => {
    const outcome = await planLlm(input(scriptedModel([invalid, invalid])));
    expect(outcome.rejected?.join(' ')).toMatch(/a9 is not an attempt/);
    expect(outcome.plan.rationale).toMatch(/^rules fallback \(LLM plan rejected: .*a9.*\): rules plan$/);
    expect(outcome.replies).toHaveLength(2);
  });

  it('falls back at once when the model fails, with the failure as the reason', async () => {
    const model = scriptedModel([{ ok: false, error: 'openai request for model m failed: 500' }]);
    const outcome = await planLlm(input(model));
    expect(outcome.rejected).toEqual(['openai request for model m failed: 500']);
    expect(outcome.replies).toEqual([]);
    expect(model.seen).toHaveLength(1);
  });
});
