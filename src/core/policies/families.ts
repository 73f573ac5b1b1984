import type { AttemptId } from '../ids.js';
import { familiesOf, rankScored } from '../population.js';
import { isBetter, type Direction } from '../score.js';
import type { AttemptView } from '../types.js';

/** A lineage rooted at a child of the baseline, as the swarm policy tracks it. */
export interface Family {
  root: AttemptId;
  /** Best scored member (null while none is scored). */
  best: AttemptView | null;
  /** Attempts in the family, running ones included. */
  size: number;
  /** Wave in which the family's best was first reached (its root's wave when none is scored). */
  bestWave: number;
}

/** Families of the searchers, best family first; families with nothing scored come last. */
export const summarizeFamilies = (attempts: readonly AttemptView[], direction: Direction): Family[] => {
  const families = familiesOf(attempts);
  const byRoot = new Map<AttemptId, Family>();
  const ordered = [...attempts].sort((a, b) => a.wave - b.wave || a.createdAt - b.createdAt);
  for (const attempt of ordered) {
    if (attempt.role === 'baseline') continue;
    const root = families.get(attempt.id) ?? attempt.id;
    const family = byRoot.get(root) ?? { root, best: null, size: 0, bestWave: attempt.wave };
    family.size += 1;
    if (attempt.status === 'scored' && isBetter(attempt.score, family.best?.score ?? null, direction)) {
      family.best = attempt;
      family.bestWave = attempt.wave;
    }
    byRoot.set(root, family);
  }
  const ranked = rankScored([...byRoot.values()].flatMap((f) => (f.best ? [f.best] : [])), direction).map((a) => a.id);
  const rank = (f: Family): number => (f.best ? ranked.indexOf(f.best.id) : Number.MAX_SAFE_INTEGER);
  return [...byRoot.values()].sort((a, b) => rank(a) - rank(b));
};
