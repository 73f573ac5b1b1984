import type { AttemptId } from '../../domain/ids.js';
import { creditWithheld, familiesOf } from '../../domain/population.js';
import { isBetter, type Direction } from '../../domain/score.js';
import type { AttemptView } from '../../domain/types.js';
import { byPlanOrder, gain } from '../policy-input.js';

/**
 * A niche of the population: the programs sharing a behavior descriptor value (an evaluator
 * metric named by `shepherd.niche`, as in MAP-Elites, or the code signature with
 * `shepherd.codeNiches`) or, without a descriptor, one lineage.
 * Search effort is accounted per niche so a young niche that starts below the incumbent is judged
 * by the progress it makes, not by its rank.
 */
export interface Niche {
  key: string;
  /** Best scored member whose credit is not withheld. */
  best: AttemptView;
  /** Attempts planned from members of this niche (running ones included). */
  spent: number;
  /** Sum of the normalized gains of those attempts over their parents (failures earn 0). */
  reward: number;
  /** Wave in which `best` was reached. */
  bestWave: number;
}

/** Names the niches of a policy that keeps them by their code (core/code-signature.ts) instead of a metric. */
export const CODE_NICHES = { code: true } as const;

/**
 * What names an attempt's niche: an evaluator metric the user declares (a behavior descriptor, as
 * in MAP-Elites), the code signature against the baseline (`CODE_NICHES`), or null: lineages.
 */
export type NicheDescriptor = string | typeof CODE_NICHES | null;

/** The descriptor's value for an attempt (`design=2`, `code design.js 1:1.1+`), undefined when it has none. */
export const nicheLabel = (attempt: AttemptView, descriptor: NicheDescriptor): string | undefined => {
  if (descriptor === null) return undefined;
  if (typeof descriptor !== 'string') return attempt.codeSignature === null || attempt.codeSignature === undefined ? undefined : `code ${attempt.codeSignature || '(as the baseline)'}`;
  const value = attempt.metrics?.[descriptor];
  return value === undefined ? undefined : `${descriptor}=${value}`;
};

/** The niche key of every attempt (unscored attempts inherit their first parent's niche). */
export const nicheKeys = (attempts: readonly AttemptView[], descriptor: NicheDescriptor): Map<AttemptId, string> => {
  const families = familiesOf(attempts);
  const byId = new Map(attempts.map((a) => [a.id, a]));
  const keys = new Map<AttemptId, string>();
  const keyOf = (attempt: AttemptView, guard: number): string => {
    const known = keys.get(attempt.id);
    if (known !== undefined) return known;
    const value = nicheLabel(attempt, descriptor);
    let key: string;
    if (attempt.role === 'baseline') key = 'baseline';
    else if (descriptor === null) key = `lineage ${families.get(attempt.id) ?? attempt.id}`;
    else if (value !== undefined && attempt.status === 'scored') key = value;
    else {
      const parent = attempt.parents[0] === undefined ? undefined : byId.get(attempt.parents[0]);
      key = parent && parent.role !== 'baseline' && guard < attempts.length ? keyOf(parent, guard + 1) : `lineage ${families.get(attempt.id) ?? attempt.id}`;
    }
    keys.set(attempt.id, key);
    return key;
  };
  for (const attempt of attempts) keyOf(attempt, 0);
  return keys;
};

/** Gain of every credited scored attempt over its first parent (positive = better), by attempt. */
const gainsOverParent = (attempts: readonly AttemptView[], direction: Direction): Map<AttemptId, number> => {
  const byId = new Map(attempts.map((a) => [a.id, a]));
  const gains = new Map<AttemptId, number>();
  for (const attempt of attempts) {
    const parent = attempt.parents[0] === undefined ? undefined : byId.get(attempt.parents[0]);
    if (attempt.status !== 'scored' || attempt.score === null || parent?.score === null || parent?.score === undefined || creditWithheld(attempt)) continue;
    gains.set(attempt.id, gain(attempt.score, parent.score, direction));
  }
  return gains;
};

/** The largest gain any credited attempt made over its parent (a tiny positive number when none did): the unit of rewards. */
export const largestGain = (attempts: readonly AttemptView[], direction: Direction): number => largestOf(gainsOverParent(attempts, direction));

const largestOf = (gains: ReadonlyMap<AttemptId, number>): number => Math.max(...gains.values(), 1e-12);

/**
 * Niches holding at least one credited scored program, best niche first. Rewards are gains over
 * the parent divided by the largest gain any attempt made so far, so they lie in [0, 1] whatever
 * the score's units and the UCB bonus weighs the same on every task.
 */
export const summarizeNiches = (attempts: readonly AttemptView[], direction: Direction, descriptor: NicheDescriptor): Niche[] => {
  const keys = nicheKeys(attempts, descriptor);
  const byId = new Map(attempts.map((a) => [a.id, a]));
  const gains = gainsOverParent(attempts, direction);
  const scale = largestOf(gains);
  const niches = new Map<string, Niche>();
  const ordered = [...attempts].sort(byPlanOrder);
  for (const attempt of ordered) {
    const key = keys.get(attempt.id);
    if (key === undefined || key === 'baseline' || attempt.status !== 'scored' || creditWithheld(attempt)) continue;
    const niche = niches.get(key);
    if (!niche) niches.set(key, { key, best: attempt, spent: 0, reward: 0, bestWave: attempt.wave });
    else if (isBetter(attempt.score, niche.best.score, direction)) {
      niche.best = attempt;
      niche.bestWave = attempt.wave;
    }
  }
  for (const attempt of attempts) {
    const parent = attempt.parents[0] === undefined ? undefined : byId.get(attempt.parents[0]);
    const niche = parent ? niches.get(keys.get(parent.id) ?? '') : undefined;
    if (!parent || !niche || attempt.status === 'interrupted') continue;
    niche.spent += 1;
    niche.reward += Math.max(0, gains.get(attempt.id) ?? 0) / scale;
  }
  return [...niches.values()].sort((a, b) => (isBetter(a.best.score, b.best.score, direction) ? -1 : isBetter(b.best.score, a.best.score, direction) ? 1 : a.best.createdAt - b.best.createdAt));
};

/** Weight of the exploration bonus when attempts are spread over niches (rewards lie in [0, 1]). */
export const NICHE_BETA = 0.3;

/**
 * Upper confidence bound of a niche's gain per attempt: mean + beta * sqrt(2 ln N / n). A niche no
 * attempt was planned from yet gets +Infinity (optimism for young niches).
 */
export const nicheIndex = (niche: Pick<Niche, 'spent' | 'reward'>, totalSpent: number, beta: number): number =>
  niche.spent === 0 ? Number.POSITIVE_INFINITY : niche.reward / niche.spent + beta * Math.sqrt((2 * Math.log(Math.max(totalSpent, 2))) / niche.spent);

/**
 * Picks niches for `count` slots by UCB, counting each pick as a pull with the niche's mean reward
 * so one wave spreads over niches as a serial search would. Ties go to the better niche.
 */
export const pickNiches = (niches: readonly Niche[], count: number, beta: number, skip: (n: Niche) => boolean = () => false): Niche[] => {
  const pulls = new Map(niches.map((n) => [n.key, { spent: n.spent, reward: n.reward }]));
  let total = niches.reduce((s, n) => s + n.spent, 0);
  const picked: Niche[] = [];
  for (let slot = 0; slot < count; slot++) {
    let chosen: Niche | undefined;
    let bestIndex = Number.NEGATIVE_INFINITY;
    for (const niche of niches) {
      if (skip(niche)) continue;
      const index = nicheIndex(pulls.get(niche.key) ?? niche, total, beta);
      if (index > bestIndex) {
        bestIndex = index;
        chosen = niche;
      }
    }
    if (!chosen) break;
    const stats = pulls.get(chosen.key) ?? { spent: 0, reward: 0 };
    const mean = stats.spent > 0 ? stats.reward / stats.spent : 0;
    pulls.set(chosen.key, { spent: stats.spent + 1, reward: stats.reward + mean });
    total += 1;
    picked.push(chosen);
  }
  return picked;
};

/** Optimizers one program may receive over a run (never two at a time). */
export const MAX_REFINEMENTS = 2;

/**
 * True when the program already had MAX_REFINEMENTS optimizers. A successful optimizer leaves a
 * better child that takes over as its niche's best; a second one on the same program draws fresh
 * steps (a first that found nothing may have been unlucky), a third mostly re-walks the plateau,
 * so explorers take over.
 */
export const refinementsExhausted = (attempts: readonly AttemptView[], id: AttemptId): boolean => exhaustedPrograms(attempts).has(id);

/** Every program that already had MAX_REFINEMENTS optimizers, in one pass (for checks over the whole population). */
export const exhaustedPrograms = (attempts: readonly AttemptView[]): Set<AttemptId> => {
  const refinements = new Map<AttemptId, number>();
  for (const a of attempts) {
    const parent = a.parents[0];
    if (a.role === 'optimizer' && parent !== undefined && a.status !== 'interrupted') refinements.set(parent, (refinements.get(parent) ?? 0) + 1);
  }
  return new Set([...refinements].filter(([, count]) => count >= MAX_REFINEMENTS).map(([id]) => id));
};
