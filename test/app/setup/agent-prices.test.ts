import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANTHROPIC_MODEL } from '../../../src/agents/anthropic/default-model.js';
import { DEFAULT_OPENAI_MODEL } from '../../../src/agents/openai/default-model.js';
import { validateConfig } from '../../../src/config-assembly/index.js';
import { knownPrice } from '../../../src/core/budget/known-price.js';
import { agentPricing, describePricing, refuseUnpricedDollarBudget, shepherdPricing } from '../../../src/app/setup/agent-prices.js';

const config = (raw: Record<string, unknown>) => {
  const result = validateConfig({ evaluator: { command: 'true' }, ...raw });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
};

const codexHome = mkdtempSync(join(tmpdir(), 'swarm-prices-'));
writeFileSync(join(codexHome, 'config.toml'), 'model = "gpt-5.5"\n[model_providers.x]\nmodel = "other"\n');
const emptyHome = mkdtempSync(join(tmpdir(), 'swarm-prices-empty-'));
afterAll(() => {
  rmSync(codexHome, { recursive: true, force: true });
  rmSync(emptyHome, { recursive: true, force: true });
});

describe('the default model of every API backend has a price in the table', () => {
  it('anthropic and openai', () => {
    expect(knownPrice(DEFAULT_ANTHROPIC_MODEL, {})).not.toBeNull();
    expect(knownPrice(DEFAULT_OPENAI_MODEL, {})).not.toBeNull();
  });
});

describe('agentPricing', () => {
  it('looks up the default model when agent.model is unset', () => {
    const pricing = agentPricing(config({ agent: { backend: 'anthropic', prices: { 'claude-sonnet-4-5': { input: 3, output: 15 } } } }));
    expect({ model: pricing.model, from: pricing.price?.source }).toEqual({ model: DEFAULT_ANTHROPIC_MODEL, from: expect.stringContaining('price table') });
  });
  it('reads codex\'s model from its config.toml (top level only), or says codex chooses', () => {
    expect(agentPricing(config({ agent: { backend: 'codex' } }), 'codex', { CODEX_HOME: codexHome }).model).toBe('gpt-5.5');
    expect(agentPricing(config({ agent: { backend: 'codex', codex: { configOverrides: { model: '"gpt-4.1"' } } } }), 'codex', { CODEX_HOME: codexHome }).model).toBe('gpt-4.1');
    const unknown = agentPricing(config({ agent: { backend: 'codex' } }), 'codex', { CODEX_HOME: emptyHome });
    expect(unknown.model).toBeNull();
    expect(describePricing(unknown)).toContain('model chosen by the CLI');
  });
  it('says who reports dollars itself and who costs nothing', () => {
    expect(agentPricing(config({ agent: { backend: 'claude-code' } })).reports).toBe('dollars');
    expect(agentPricing(config({ agent: { backend: 'local' } })).reports).toBe('none');
    expect(agentPricing(config({ agent: { backend: 'command', command: { argv: ['x'], costUsdPath: 'cost' } } })).reports).toBe('dollars');
  });
});

describe('refuseUnpricedDollarBudget', () => {
  it('refuses a dollar budget whose agent model has no price, naming it and agent.prices', () => {
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'openai', model: 'm1' }, budget: { costUsd: 5 } }))).toThrow(/model "m1".*agent\.prices/);
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'openai', model: 'm1', maxCostUsd: 1 } }))).toThrow(/agent\.maxCostUsd/);
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'codex' }, budget: { costUsd: 5 } }), 'codex', { CODEX_HOME: emptyHome })).toThrow(/set agent\.model/);
  });
  it('refuses when the Shepherd\'s planning model has no price', () => {
    const llm = config({ agent: { backend: 'local' }, shepherd: { policy: 'llm', llm: { backend: 'openai', model: 'planner-x' } }, budget: { costUsd: 5 } });
    expect(shepherdPricing(llm)?.model).toBe('planner-x');
    expect(() => refuseUnpricedDollarBudget(llm)).toThrow(/Shepherd's model.*"planner-x"/);
  });
  it('lets priced, dollar-reporting and budget-free runs start', () => {
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'openai', model: 'm1', prices: { m1: { input: 1, output: 2 } } }, budget: { costUsd: 5 } }))).not.toThrow();
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'anthropic' }, budget: { costUsd: 5 } }))).not.toThrow();
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'openai', model: 'm1' } }))).not.toThrow();
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'claude-code' }, budget: { costUsd: 5 } }))).not.toThrow();
    expect(() => refuseUnpricedDollarBudget(config({ agent: { backend: 'local' }, budget: { costUsd: 5 } }))).not.toThrow();
  });
});
