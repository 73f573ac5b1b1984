import { describe, expect, it } from 'vitest';
import { allPrices, knownPrice } from '../../../src/core/budget/known-price.js';
import { PRICE_TABLE_DATE } from '../../../src/core/budget/price-table.js';

describe('knownPrice', () => {
  it('prices from swarm\'s dated table, dated snapshot ids as their base model', () => {
    expect(knownPrice('claude-sonnet-5-5', {})).toEqual({ price: { input: 2, output: 10, cachedInput: 0.2 }, source: `swarm's price table of ${PRICE_TABLE_DATE}` });
    expect(knownPrice('claude-sonnet-4-5-20250929', {})?.price.input).toBe(3);
    expect(knownPrice('gpt-4.1-mini-2025-04-14', {})?.price.output).toBe(1.6);
  });
  it('lets agent.prices override and extend the table', () => {
    expect(knownPrice('claude-sonnet-5-5', { 'claude-sonnet-5-5': { input: 1, output: 1 } })).toEqual({ price: { input: 1, output: 1 }, source: 'agent.prices["claude-sonnet-5-5"]' });
    expect(knownPrice('my-model', { 'my-model': { input: 1, output: 2 } })?.price.output).toBe(2);
    expect(allPrices({ 'my-model': { input: 1, output: 2 } })['gpt-5.5']?.input).toBe(5);
  });
  it('knows nothing of a model neither lists', () => {
    expect(knownPrice('my-model', {})).toBeNull();
    expect(knownPrice('claude-haiku-5-5', {})).toBeNull();
  });
});
