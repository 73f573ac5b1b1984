import type { Price } from './pricing.js';

/**
 * The prices swarm ships with, USD per million tokens at the providers' standard tier (no batch,
 * no long-context or priority surcharge). `agent.prices` overrides and extends them. A model whose
 * price could not be confirmed is left out: unknown, never guessed.
 *
 * Checked on 2026-12-02 from:
 * - Anthropic: the model pages of https://platform.claude.com/docs (models/<name>/overview:
 *   "Input", "Output", "Cache read") and https://platform.claude.com/docs/en/about-claude/pricing.
 *   Claude Haiku 5.5 is left out: its price depends on the prompt's length ("from $0.10 / $0.50").
 * - OpenAI: https://developers.openai.com/api/docs/pricing (input, cached input, output), as
 *   quoted with that date range by several independent price lists; gpt-5.6-* are left out (only
 *   resellers' prices were found).
 */
export const PRICE_TABLE_DATE = '2026-12-02';

export const PRICE_TABLE: Readonly<Record<string, Price>> = {
  // Anthropic (claude-sonnet-5-5 is the anthropic backend's default model).
  'claude-fable-5-1': { input: 10, output: 50, cachedInput: 0.25 },
  'claude-fable-5': { input: 10, output: 50, cachedInput: 1 },
  'claude-opus-5-5': { input: 4, output: 20, cachedInput: 0.2 },
  'claude-opus-5': { input: 5, output: 25, cachedInput: 0.5 },
  'claude-opus-4-8': { input: 5, output: 25, cachedInput: 0.5 },
  'claude-opus-4-7': { input: 5, output: 25, cachedInput: 0.5 },
  'claude-opus-4-6': { input: 5, output: 25, cachedInput: 0.5 },
  'claude-opus-4-5': { input: 5, output: 25, cachedInput: 0.5 },
  'claude-sonnet-5-5': { input: 2, output: 10, cachedInput: 0.2 },
  'claude-sonnet-5': { input: 2, output: 10, cachedInput: 0.2 },
  'claude-sonnet-4-6': { input: 3, output: 15, cachedInput: 0.3 },
  'claude-sonnet-4-5': { input: 3, output: 15, cachedInput: 0.3 },
  'claude-haiku-4-5': { input: 1, output: 5, cachedInput: 0.1 },
  // OpenAI (gpt-4.1-mini is the openai backend's default; gpt-5.5 the model codex is usually set to).
  'gpt-5.5': { input: 5, output: 30, cachedInput: 0.5 },
  'gpt-5.4': { input: 2.5, output: 15, cachedInput: 0.25 },
  'gpt-5.4-mini': { input: 0.75, output: 4.5, cachedInput: 0.075 },
  'gpt-4.1': { input: 2, output: 8, cachedInput: 0.5 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cachedInput: 0.1 },
};
