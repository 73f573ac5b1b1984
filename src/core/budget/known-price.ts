import type { Price } from './pricing.js';
import { PRICE_TABLE, PRICE_TABLE_DATE } from './price-table.js';

export interface KnownPrice {
  price: Price;
  /** Where it came from, for `swarm doctor` and messages. */
  source: string;
}

/** A dated snapshot id ("claude-sonnet-4-5-20250929", "gpt-4.1-2025-04-14") is priced as its base model. */
const baseModel = (model: string): string => model.replace(/-(\d{8}|\d{4}-\d{2}-\d{2})$/, '');

/**
 * The price of `model`: `agent.prices` first (exact name, then its base model), else swarm's own
 * table; null when neither knows it.
 */
export const knownPrice = (model: string, overrides: Readonly<Record<string, Price>>): KnownPrice | null => {
  for (const name of [model, baseModel(model)]) {
    const own = overrides[name];
    if (own !== undefined) return { price: own, source: `agent.prices["${name}"]` };
  }
  for (const name of [model, baseModel(model)]) {
    const shipped = PRICE_TABLE[name];
    if (shipped !== undefined) return { price: shipped, source: `swarm's price table of ${PRICE_TABLE_DATE}` };
  }
  return null;
};

/** Every price swarm knows: its table, then `agent.prices` over it (what backends price tokens with). */
export const allPrices = (overrides: Readonly<Record<string, Price>>): Record<string, Price> => ({ ...PRICE_TABLE, ...overrides });

/** "$2 / $10 per million tokens (cached input $0.20)". */
export const describePrice = (price: Price): string =>
  `$${price.input} / $${price.output} per million input / output tokens${price.cachedInput === undefined ? '' : ` (cached input $${price.cachedInput})`}`;
