import { allObjectives, metricValue, type Objectives } from './objectives.js';

/** A feasible attempt as the front sees it: its id and its value of every objective, primary first. */
export interface FrontPoint {
  id: string;
  values: readonly number[];
}

/** The point of an attempt on the run's objectives, or null when one of them is missing. */
export const frontPoint = (
  objectives: Pick<Objectives, 'primary' | 'metrics'>,
  attempt: { id: string; score: number | null; metrics: Readonly<Record<string, number>> | null | undefined },
): FrontPoint | null => {
  const values: number[] = [];
  for (const objective of allObjectives(objectives)) {
    const value = metricValue(objective.metric, objectives.primary.metric, attempt.score, attempt.metrics);
    if (value === null) return null;
    // Every objective turned into "higher is better", so dominance is one comparison.
    values.push(objective.direction === 'maximize' ? value : -value);
  }
  return { id: attempt.id, values };
};

/** True when `a` is at least as good as `b` on every objective and better on one. */
export const dominates = (a: FrontPoint, b: FrontPoint): boolean => {
  let better = false;
  for (let i = 0; i < a.values.length; i++) {
    const x = a.values[i] ?? -Infinity;
    const y = b.values[i] ?? -Infinity;
    if (x < y) return false;
    if (x > y) better = true;
  }
  return better;
};

const sameValues = (a: FrontPoint, b: FrontPoint): boolean => a.values.every((v, i) => v === b.values[i]);

export interface FrontUpdate {
  /** The front after the candidate, in the order of the front before it (the candidate last). */
  front: FrontPoint[];
  joined: boolean;
  /** Members the candidate dominates, now off the front. */
  removed: string[];
}

/**
 * The front after one more feasible point: unchanged when a member dominates the candidate or has
 * its values already (the earlier attempt keeps its place), else the candidate joins and the
 * members it dominates leave. Incremental: a run's cost per attempt is its front, not its size.
 */
export const addToFront = (front: readonly FrontPoint[], candidate: FrontPoint): FrontUpdate => {
  if (front.some((member) => dominates(member, candidate) || sameValues(member, candidate))) return { front: [...front], joined: false, removed: [] };
  const removed = front.filter((member) => dominates(candidate, member)).map((m) => m.id);
  return { front: [...front.filter((m) => !removed.includes(m.id)), candidate], joined: true, removed };
};

/** The Pareto front of a set of points, computed from scratch (the reference the incremental update must equal). */
export const paretoFront = (points: readonly FrontPoint[]): FrontPoint[] => points.reduce<FrontPoint[]>((front, point) => addToFront(front, point).front, []);
