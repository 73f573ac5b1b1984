import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../config/index.js';
import { costTrackingWarning } from './create-backend.js';

const config = (raw: Record<string, unknown>) => {
  const result = validateConfig({ evaluator: { command: 'true' }, ...raw });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
};

describe('costTrackingWarning', () => {
  it('warns when a cost limit cannot be enforced for lack of a price', () => {
    expect(costTrackingWarning(config({ agent: { backend: 'openai', model: 'm1' }, budget: { costUsd: 5 } }))).toMatch(/agent.prices has no entry for model "m1"/);
    expect(costTrackingWarning(config({ agent: { backend: 'codex', maxCostUsd: 1 } }))).toMatch(/none set: set agent.model/);
  });
  it('stays quiet with a price, without a limit, or when the backend reports dollars', () => {
    expect(costTrackingWarning(config({ agent: { backend: 'openai', model: 'm1', prices: { m1: { input: 1, output: 2 } } }, budget: { costUsd: 5 } }))).toBeNull();
    expect(costTrackingWarning(config({ agent: { backend: 'openai', model: 'm1' } }))).toBeNull();
    expect(costTrackingWarning(config({ agent: { backend: 'claude-code' }, budget: { costUsd: 5 } }))).toBeNull();
    expect(costTrackingWarning(config({ agent: { backend: 'local' }, budget: { costUsd: 5 } }))).toBeNull();
  });
});
