import type { AttemptId } from '../domain/ids.js';
import { compareScores, type Direction } from '../domain/score.js';
import type { AttemptView } from '../domain/types.js';

/**
 * Up to `k` members of the Pareto front as leaders, spread along it: ordered by the primary metric,
 * the best first, then evenly spaced members down to the one best on the other objectives. The
 * primary metric's best always leads; the trade-offs get the other places. Empty without a front.
 */
export const frontLeaders = (attempts: readonly AttemptView[], front: readonly AttemptId[] | undefined, direction: Direction, k: number): AttemptView[] => {
  if (front === undefined || front.length === 0 || k <= 0) return [];
  const members = new Set<string>(front);
  const ranked = attempts
    .filter((a) => members.has(a.id) && a.status === 'scored' && a.score !== null)
    .sort((a, b) => compareScores(direction)(a.score, b.score) || a.createdAt - b.createdAt);
  if (ranked.length <= k) return ranked;
  const picks = new Set<number>();
  for (let i = 0; i < k; i++) picks.add(k === 1 ? 0 : Math.round((i * (ranked.length - 1)) / (k - 1)));
  return [...picks].sort((a, b) => a - b).flatMap((i) => (ranked[i] ? [ranked[i]] : []));
};
