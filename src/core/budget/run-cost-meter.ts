import type { RunCostGauge } from '../ports/agent-backend.js';

/** What the run has recorded so far: each attempt's stored cost, and other spending (the LLM Shepherd). */
export interface RecordedCost {
  attempts: ReadonlyArray<{ id: string; costUsd: number }>;
  otherUsd: number;
}

/**
 * The run's dollar cap (`budget.costUsd`) while attempts run. Backends that meter usage as they go
 * (the API agents) report each attempt's cost so far after every model call; the run's spend is
 * the recorded cost plus what running attempts reported beyond it (an attempt counts once, at the
 * larger of its stored and reported cost), so a finished attempt is never counted twice.
 */
export class RunCostMeter {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly capUsd: number,
    private readonly recorded: () => RecordedCost,
  ) {}

  /** USD the run has spent: recorded attempts and other spending, plus running attempts' costs so far. */
  spent(): number {
    const { attempts, otherUsd } = this.recorded();
    const seen = new Set<string>();
    let total = otherUsd;
    for (const attempt of attempts) {
      seen.add(attempt.id);
      total += Math.max(attempt.costUsd, this.running.get(attempt.id) ?? 0);
    }
    for (const [id, cost] of this.running) if (!seen.has(id)) total += cost;
    return total;
  }

  /** Why no further model call may be made (the cap is spent), or null; always null without a cap. */
  exceeded(): string | null {
    if (this.capUsd <= 0) return null;
    const spent = this.spent();
    return spent >= this.capUsd ? `cost budget of $${this.capUsd} reached ($${spent.toFixed(4)} spent by the run so far); raise budget.costUsd` : null;
  }

  /** The gauge one attempt's backend reports into and checks before each model call. */
  gauge(attemptId: string): RunCostGauge {
    return {
      report: (costUsd) => {
        this.running.set(attemptId, Math.max(costUsd, this.running.get(attemptId) ?? 0));
      },
      exceeded: () => this.exceeded(),
    };
  }
}
