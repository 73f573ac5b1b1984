import { formatScore } from '../domain/score.js';
import { metricValue, type MetricConstraint } from './objectives.js';

/** The flag of an attempt that violates a constraint: `infeasible:<metric><=max` names the bound it broke. */
export const INFEASIBLE_FLAG = 'infeasible:';

export interface ConstraintViolation {
  /** The flag recorded on the attempt, e.g. `infeasible:latency<=10`. */
  flag: string;
  /** One line naming the metric, its value and the bound, e.g. `latency = 12 violates latency <= 10`. */
  reason: string;
}

const bound = (c: MetricConstraint, side: 'max' | 'min'): string => `${c.metric}${side === 'max' ? '<=' : '>='}${formatScore(side === 'max' ? (c.max ?? null) : (c.min ?? null))}`;

/**
 * The first constraint an evaluation breaks, or null when it is feasible. A metric the evaluator
 * did not report breaks its constraint: feasibility that cannot be checked is not granted.
 */
export const violatedConstraint = (
  constraints: readonly MetricConstraint[],
  primary: string,
  score: number | null,
  metrics: Readonly<Record<string, number>> | null | undefined,
): ConstraintViolation | null => {
  for (const c of constraints) {
    const value = metricValue(c.metric, primary, score, metrics);
    const sides: ('max' | 'min')[] = [];
    if (c.max !== undefined) sides.push('max');
    if (c.min !== undefined) sides.push('min');
    for (const side of sides) {
      const text = bound(c, side);
      if (value === null) return { flag: `${INFEASIBLE_FLAG}${text}`, reason: `infeasible: the evaluator reported no ${c.metric}, so ${text.replace(/(<=|>=)/, ' $1 ')} cannot be checked` };
      const broken = side === 'max' ? value > (c.max ?? Infinity) : value < (c.min ?? -Infinity);
      if (broken) return { flag: `${INFEASIBLE_FLAG}${text}`, reason: `infeasible: ${c.metric} = ${formatScore(value)} violates ${text.replace(/(<=|>=)/, ' $1 ')}` };
    }
  }
  return null;
};

/** True when an attempt's flags mark it infeasible. */
export const isInfeasible = (flags: readonly string[] | undefined): boolean => (flags ?? []).some((f) => f.startsWith(INFEASIBLE_FLAG));
