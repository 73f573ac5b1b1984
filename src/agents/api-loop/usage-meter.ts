import { costOf, type Price } from '../../core/budget/pricing.js';
import type { Usage } from '../../core/domain/types.js';
import type { TokenUsage } from './model-api.js';

/** Per-attempt limits of an API backend; 0 means unlimited. */
export interface AttemptLimits {
  maxTurns: number;
  maxTokens: number;
  maxCostUsd: number;
}

/** Adds up the usage of an attempt's model calls and says when a limit is reached. */
export class UsageMeter {
  private usage: Usage = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  calls = 0;

  constructor(private readonly price: Price | undefined, private readonly limits: AttemptLimits) {}

  add(tokens: TokenUsage): void {
    this.calls += 1;
    this.usage = {
      inputTokens: this.usage.inputTokens + tokens.inputTokens,
      outputTokens: this.usage.outputTokens + tokens.outputTokens,
      costUsd: this.usage.costUsd + costOf(tokens, this.price),
    };
  }

  total(): Usage {
    return { ...this.usage };
  }

  /** The limit that stops the attempt before another call, or null. */
  exceeded(): string | null {
    const { maxTokens, maxCostUsd, maxTurns } = this.limits;
    const tokens = this.usage.inputTokens + this.usage.outputTokens;
    if (maxTokens > 0 && tokens >= maxTokens) return `token limit of ${maxTokens} per attempt reached (${tokens} used); raise agent.maxTokens`;
    if (maxCostUsd > 0 && this.usage.costUsd >= maxCostUsd) return `cost limit of $${maxCostUsd} per attempt reached ($${this.usage.costUsd.toFixed(4)} spent); raise agent.maxCostUsd`;
    if (maxTurns > 0 && this.calls >= maxTurns) return `turn limit of ${maxTurns} reached; raise agent.maxTurns`;
    return null;
  }
}
