import { creditWithheld } from '../../domain/population.js';
import type { Direction } from '../../domain/score.js';
import type { AttemptView, Operator } from '../../domain/types.js';
import { gain } from '../policy-input.js';

/** H revises the idea (new hypothesis, rebase, crossover); P repairs or refines the implementation. */
export type Arm = 'H' | 'P';

export const armOf = (operator: Operator): Arm | null =>
  operator === 'deepen' || operator === 'repair' ? 'P' : operator === 'baseline' ? null : 'H';

export interface ArmStats {
  /** Discounted pull count. */
  n: number;
  /** Discounted mean reward. */
  mean: number;
}

/**
 * Reward of a finished attempt: its improvement over its first parent, normalized by the
 * baseline's magnitude, per unit of cost (1 when no attempt reports a cost). Failures, no-gain
 * attempts and attempts whose audit flags withhold credit earn 0 (they stay in the graph as evidence).
 */
export const rewardOf = (attempt: AttemptView, byId: ReadonlyMap<string, AttemptView>, scale: number, meanCost: number, direction: Direction): number => {
  if (attempt.status !== 'scored' || attempt.score === null || creditWithheld(attempt)) return 0;
  const parent = attempt.parents[0] === undefined ? undefined : byId.get(attempt.parents[0]);
  const reference = parent?.score ?? null;
  if (reference === null) return 0;
  const improvement = Math.max(0, gain(attempt.score, reference, direction)) / scale;
  const cost = meanCost > 0 ? Math.max(0.1, attempt.costUsd / meanCost) : 1;
  return improvement / cost;
};

/**
 * Discounted UCB (Garivier & Moulines): the newest outcome weighs 1, the one before `discount`,
 * and so on, so the index follows a non-stationary search. Returns per-arm statistics and the
 * index mean + beta * sqrt(2 ln n / N) (an unpulled arm gets +Infinity).
 */
export const discountedUcb = (outcomes: ReadonlyArray<{ arm: Arm; reward: number }>, discount: number, beta: number): Record<Arm, ArmStats & { index: number }> => {
  const stats: Record<Arm, { n: number; sum: number }> = { H: { n: 0, sum: 0 }, P: { n: 0, sum: 0 } };
  outcomes.forEach((outcome, i) => {
    const weight = discount ** (outcomes.length - 1 - i);
    stats[outcome.arm].n += weight;
    stats[outcome.arm].sum += weight * outcome.reward;
  });
  const total = stats.H.n + stats.P.n;
  const index = (arm: Arm): ArmStats & { index: number } => {
    const { n, sum } = stats[arm];
    if (n <= 1e-9) return { n: 0, mean: 0, index: Number.POSITIVE_INFINITY };
    const mean = sum / n;
    return { n, mean, index: mean + beta * Math.sqrt((2 * Math.log(Math.max(total, 1.0001))) / n) };
  };
  return { H: index('H'), P: index('P') };
};
