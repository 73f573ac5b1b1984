import type { Usage } from '../domain/types.js';

export interface Price {
  /** USD per million input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
  /** USD per million cached input tokens; defaults to `input`. */
  cachedInput?: number;
}

/** USD of a call from its token counts; `cachedInputTokens` are part of `inputTokens`. */
export const costOf = (tokens: { inputTokens: number; outputTokens: number; cachedInputTokens?: number }, price: Price | undefined): number => {
  if (!price) return 0;
  const cached = Math.min(tokens.cachedInputTokens ?? 0, tokens.inputTokens);
  const fresh = tokens.inputTokens - cached;
  return (fresh * price.input + cached * (price.cachedInput ?? price.input) + tokens.outputTokens * price.output) / 1_000_000;
};

export const addUsage = (a: Usage, b: Usage): Usage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  costUsd: a.costUsd + b.costUsd,
});
