import type { AttemptId } from '../../domain/ids.js';
import { bestAttempt, creditWithheld, familiesOf, rankScored } from '../../domain/population.js';
import type { Direction } from '../../domain/score.js';
import type { AttemptView } from '../../domain/types.js';
import { byPlanOrder, gain } from '../policy-input.js';
import { nicheLabel, type NicheDescriptor } from './niches.js';

export interface RebaseNeed {
  base: AttemptId;
  source: AttemptView;
}

export interface Needs {
  /** Invalid programs whose idea has not been repaired yet (ask P to deepen). */
  repairs: AttemptView[];
  /** Retained hypotheses of other lineages not yet realized on the incumbent (ask H to rebase). */
  rebases: RebaseNeed[];
  /** Attempts better than their parent on some instances and worse on others (ask H to broaden). */
  mixed: AttemptView[];
}

const childrenWith = (attempts: readonly AttemptView[], pred: (a: AttemptView) => boolean): AttemptView[] => attempts.filter((a) => a.status !== 'interrupted' && pred(a));

/**
 * The unresolved requests of the population, newest first, at most `k` of each kind. With a
 * `niche` descriptor, only hypotheses of the incumbent's niche are rebased onto it: an idea of
 * another design does not transfer.
 */
export const unresolvedNeeds = (attempts: readonly AttemptView[], direction: Direction, k: number, niche: NicheDescriptor = null): Needs => {
  const byId = new Map(attempts.map((a) => [a.id, a]));
  const newestFirst = [...attempts].sort(byPlanOrder).reverse();

  const repairs = newestFirst
    // A failed repair, or an invalid program that only repeats another (no change, reused result),
    // asks for nothing new: repairing it again would chain repairs of the same broken code.
    .filter((a) => a.status === 'invalid' && a.role !== 'baseline' && a.operator !== 'repair' && !creditWithheld(a) && !(a.flags ?? []).includes('protected-violation'))
    .filter((a) => childrenWith(attempts, (c) => c.operator === 'repair' && c.parents[0] === a.id).length === 0)
    .slice(0, k);

  const incumbent = bestAttempt(attempts, direction);
  const families = familiesOf(attempts);
  const rebases: RebaseNeed[] = [];
  if (incumbent && incumbent.role !== 'baseline') {
    const retained = rankScored(attempts, direction).filter((a) => {
      if (a.id === incumbent.id || a.role === 'baseline' || creditWithheld(a)) return false;
      if (families.get(a.id) === families.get(incumbent.id)) return false;
      if (niche !== null && nicheLabel(a, niche) !== nicheLabel(incumbent, niche)) return false;
      const parent = a.parents[0] === undefined ? undefined : byId.get(a.parents[0]);
      return a.score !== null && parent?.score !== null && parent?.score !== undefined && gain(a.score, parent.score, direction) > 0;
    });
    for (const source of retained.slice(0, k)) {
      const done = childrenWith(attempts, (c) => c.operator === 'rebase' && c.parents[0] === incumbent.id && (c.informedBy ?? []).includes(source.id));
      if (done.length === 0) rebases.push({ base: incumbent.id, source });
    }
  }

  const mixed = newestFirst
    .filter((a) => a.status === 'scored' && a.instances && !creditWithheld(a))
    .filter((a) => {
      const parent = a.parents[0] === undefined ? undefined : byId.get(a.parents[0]);
      if (!parent?.instances || !a.instances) return false;
      let better = 0;
      let worse = 0;
      for (const [name, value] of Object.entries(a.instances)) {
        const before = parent.instances[name];
        if (before === undefined) continue;
        const delta = gain(value, before, direction);
        if (delta > 0) better++;
        if (delta < 0) worse++;
      }
      return better > 0 && worse > 0;
    })
    .filter((a) => childrenWith(attempts, (c) => c.operator === 'merge' && c.parents.includes(a.id)).length === 0)
    .slice(0, k);
  return { repairs, rebases, mixed };
};

/**
 * Crossover donors: for each evaluator instance, the program of the frontier that wins it.
 * Returns the donors (most instances won first) and the instance -> donor assignment.
 */
export const crossoverDonors = (frontier: readonly AttemptView[], direction: Direction): { donors: AttemptView[]; assignment: Array<{ instance: string; donor: AttemptView; score: number }> } => {
  const withInstances = frontier.filter((a) => a.instances);
  const names = [...new Set(withInstances.flatMap((a) => Object.keys(a.instances ?? {})))].sort();
  const assignment: Array<{ instance: string; donor: AttemptView; score: number }> = [];
  for (const instance of names) {
    let winner: { donor: AttemptView; score: number } | null = null;
    for (const candidate of withInstances) {
      const value = candidate.instances?.[instance];
      if (value === undefined) continue;
      if (winner === null || gain(value, winner.score, direction) > 0) winner = { donor: candidate, score: value };
    }
    if (winner) assignment.push({ instance, ...winner });
  }
  const wins = new Map<AttemptId, number>();
  for (const a of assignment) wins.set(a.donor.id, (wins.get(a.donor.id) ?? 0) + 1);
  const donors = withInstances.filter((a) => wins.has(a.id)).sort((a, b) => (wins.get(b.id) ?? 0) - (wins.get(a.id) ?? 0));
  return { donors, assignment };
};
