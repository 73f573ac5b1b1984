import type { AttemptId } from './ids.js';
import { crownable } from './crowning.js';
import { compareScores, isBetter, type Direction } from './score.js';
import type { AttemptView } from './types.js';

/** Attempts with a valid score (baseline included), best first. */
export const rankScored = (attempts: readonly AttemptView[], direction: Direction): AttemptView[] =>
  attempts.filter((a) => a.status === 'scored' && a.score !== null).sort((a, b) => compareScores(direction)(a.score, b.score) || a.createdAt - b.createdAt);

/** The first attempt to reach the best score among those that may be crowned (`crownable`), or null when none is scored. */
export const bestAttempt = (attempts: readonly AttemptView[], direction: Direction): AttemptView | null =>
  rankScored(attempts, direction).find((a) => crownable(a.flags)) ?? null;

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

/** Audit flags that mean an attempt did not really test its idea; such attempts earn no credit. */
export const NO_CREDIT_FLAGS: readonly string[] = ['no-change', 'comments-only', 'outside-solution-files', 'output-unchanged', 'protected-violation'];

/** True when an audit flag withholds credit from the attempt's hypothesis (SwarmRSI). */
export const creditWithheld = (attempt: Pick<AttemptView, 'flags'>): boolean =>
  (attempt.flags ?? []).some((flag) => NO_CREDIT_FLAGS.includes(flag) || flag.startsWith('reused:') || flag.startsWith('infeasible:') || flag.startsWith('near-duplicate:'));

/**
 * The family of each attempt: the child of the baseline its first-parent chain starts from (the
 * baseline is its own family). Families are the lineages the policies keep alive.
 */
export const familiesOf = (attempts: readonly AttemptView[]): Map<AttemptId, AttemptId> => {
  const byId = new Map(attempts.map((a) => [a.id, a]));
  const family = new Map<AttemptId, AttemptId>();
  const resolve = (attempt: AttemptView, guard: number): AttemptId => {
    const known = family.get(attempt.id);
    if (known !== undefined) return known;
    const parent = attempt.parents[0] === undefined ? undefined : byId.get(attempt.parents[0]);
    const root = parent === undefined || parent.role === 'baseline' || guard > attempts.length ? attempt.id : resolve(parent, guard + 1);
    family.set(attempt.id, root);
    return root;
  };
  for (const attempt of attempts) resolve(attempt, 0);
  return family;
};

/** First-parent depth below the baseline (baseline 0, its children 1). */
export const depthOf = (attempts: readonly AttemptView[], id: AttemptId): number => {
  const byId = new Map(attempts.map((a) => [a.id, a]));
  let depth = 0;
  for (let current = byId.get(id); current && current.role !== 'baseline' && depth <= attempts.length; depth++) {
    current = current.parents[0] === undefined ? undefined : byId.get(current.parents[0]);
  }
  return depth;
};
