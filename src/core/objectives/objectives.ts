import type { Direction } from '../domain/score.js';

/** One objective of a run: a metric of the evaluator's JSON and which way is better. */
export interface MetricObjective {
  metric: string;
  direction: Direction;
}

/** A bound on a metric: a feasible attempt has `metric <= max` and `metric >= min` where given. */
export interface MetricConstraint {
  metric: string;
  max?: number | undefined;
  min?: number | undefined;
}

/** The objectives of a run: the primary metric first, then `objective.metrics`. */
export interface Objectives {
  primary: MetricObjective;
  metrics: readonly MetricObjective[];
  constraints: readonly MetricConstraint[];
}

/** True when the run has a Pareto front to keep (a primary metric and at least one further metric). */
export const isMultiObjective = (objectives: Pick<Objectives, 'metrics'>): boolean => objectives.metrics.length > 0;

/** Every objective, primary first, without repeating the primary when `metrics` names it too. */
export const allObjectives = (objectives: Pick<Objectives, 'primary' | 'metrics'>): MetricObjective[] => [
  objectives.primary,
  ...objectives.metrics.filter((m) => m.metric !== objectives.primary.metric),
];

/**
 * The value of one metric for an attempt: the evaluator's metric, or the attempt's score for the
 * primary metric (a mean over confirmation seeds when it was confirmed). Null when absent.
 */
export const metricValue = (metric: string, primary: string, score: number | null, metrics: Readonly<Record<string, number>> | null | undefined): number | null => {
  if (metric === primary && score !== null) return score;
  const value = metrics?.[metric];
  return value === undefined || !Number.isFinite(value) ? null : value;
};
