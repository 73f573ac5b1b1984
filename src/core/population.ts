import type { AttemptId } from './ids.js';
import { compareScores, isBetter, type Direction } from './score.js';
import type { AttemptView } from './types.js';

/** Attempts with a valid score (baseline included), best first. */
export const rankScored = (attempts: readonly AttemptView[], direction: Direction): AttemptView[] =>
  attempts.filter((a) => a.status === 'scored' && a.score !== null).sort((a, b) => compareScores(direction)(a.score, b.score) || a.createdAt - b.createdAt);

/** The first attempt to reach the best score, or null when nothing is scored. */
export const bestAttempt = (attempts: readonly AttemptView[], direction: Direction): AttemptView | null => rankScored(attempts, direction)[0] ?? null;

/**
 * Waves since the best score last improved: counts finished waves after the wave in which the
 * incumbent was first reached. 0 when the latest finished wave improved it.
 */
export const wavesSinceImprovement = (attempts: readonly AttemptView[], direction: Direction, lastFinishedWave: number): number => {
  let best: number | null = null;
  let bestWave = 0;
  const ordered = [...attempts].filter((a) => a.status === 'scored').sort((a, b) => a.wave - b.wave || a.createdAt - b.createdAt);
  for (const attempt of ordered) {
    if (isBetter(attempt.score, best, direction)) {
      best = attempt.score;
      bestWave = attempt.wave;
    }
  }
  return Math.max(0, lastFinishedWave - bestWave);
};

/** Parents that currently have an optimizer running on them (one optimizer per parent at a time). */
export const parentsUnderOptimization = (attempts: readonly AttemptView[]): Set<AttemptId> =>
  new Set(attempts.filter((a) => a.role === 'optimizer' && a.status === 'running').flatMap((a) => a.parents.slice(0, 1)));

/** Children of an attempt (first parent), oldest first. */
export const childrenOf = (attempts: readonly AttemptView[], id: AttemptId): AttemptView[] => attempts.filter((a) => a.parents[0] === id);
