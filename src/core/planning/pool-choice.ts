import type { Rng } from '../domain/random.js';
import type { Role } from '../domain/types.js';

/** One `agent.pool` entry as the choice sees it. */
export interface PoolCandidate {
  name: string;
  weight: number;
  roles: readonly Exclude<Role, 'baseline'>[];
}

/**
 * What one attempt of an entry brought, oldest first: `improvement` in objective units (positive =
 * better than its first parent; 0 for a failed, invalid or worse attempt), `costUsd` what it
 * spent. `pending`: planned or running, not finished yet.
 */
export interface PoolOutcome {
  entry: string;
  improvement: number;
  costUsd: number;
  pending?: boolean;
}

export interface BanditSettings {
  /** Weight of an outcome one step older (discounted UCB); 1 = no discount. */
  discount: number;
  /** Exploration constant of the confidence term. */
  exploration: number;
}

export const DEFAULT_BANDIT: BanditSettings = { discount: 0.95, exploration: 0.5 };

/** Smallest cost, in units of a mean priced attempt, an attempt counts for (a cheap failure is not a free lunch). */
const MIN_UNITS = 0.1;

/** Entries that may run `role`, without those `excluded` (closed by a limit, tripped breaker) unless none would remain. */
export const eligibleEntries = (entries: readonly PoolCandidate[], role: Exclude<Role, 'baseline'>, excluded: ReadonlySet<string> = new Set()): PoolCandidate[] => {
  const forRole = entries.filter((e) => e.roles.includes(role));
  const open = forRole.filter((e) => !excluded.has(e.name));
  return open.length > 0 ? open : forRole;
};

/** A weighted draw: entry i with probability weight_i / Σ weight (the first entry when every weight is 0). */
export const chooseByWeight = (entries: readonly PoolCandidate[], rng: Rng): PoolCandidate | null => {
  if (entries.length === 0) return null;
  const total = entries.reduce((sum, e) => sum + e.weight, 0);
  const draw = rng.next() * total;
  let acc = 0;
  for (const entry of entries) {
    acc += entry.weight;
    if (draw < acc) return entry;
  }
  return entries[0] ?? null;
};

/**
 * The reward of each finished outcome: its improvement (in units of the run's median improvement,
 * capped at 1, so a rare large jump counts like a typical one) per
 * unit of cost. An entry that spent money is charged in units of the mean cost of a priced attempt
 * (improvement per dollar, made comparable); an entry that never reported a cost (local, a
 * `command` agent without costUsdPath, a free local model) is charged one unit per attempt
 * (improvement per attempt).
 */
export const outcomeRewards = (outcomes: readonly PoolOutcome[]): number[] => {
  const finished = outcomes.filter((o) => o.pending !== true);
  const gains = finished.map((o) => o.improvement).filter((g) => g > 0).sort((a, b) => a - b);
  // The median improvement is one full reward: a single lucky jump does not shrink every other gain to nothing.
  const scale = gains.length === 0 ? 0 : (gains[Math.floor((gains.length - 1) / 2)] ?? 0);
  const pricedEntries = new Set(finished.filter((o) => o.costUsd > 0).map((o) => o.entry));
  const pricedCosts = finished.filter((o) => pricedEntries.has(o.entry)).map((o) => o.costUsd);
  const meanCost = pricedCosts.length === 0 ? 1 : pricedCosts.reduce((a, b) => a + b, 0) / pricedCosts.length;
  return finished.map((o) => {
    const gain = scale > 0 ? Math.min(1, Math.max(0, o.improvement) / scale) : 0;
    const units = pricedEntries.has(o.entry) && meanCost > 0 ? Math.max(MIN_UNITS, o.costUsd / meanCost) : 1;
    return gain / units;
  });
};

/**
 * Discounted UCB index of each entry: the discounted mean reward plus a confidence term, over the
 * finished outcomes (the newest weighs 1, each older one `discount` times less). Pending attempts
 * count as pulls that earn the entry's current mean, so one wave spreads over the entries. An entry
 * with no pull yet has an infinite index (each is tried once first).
 */
export const banditIndices = (entries: readonly PoolCandidate[], outcomes: readonly PoolOutcome[], settings: BanditSettings = DEFAULT_BANDIT): Map<string, number> => {
  const finished = outcomes.filter((o) => o.pending !== true);
  const rewards = outcomeRewards(outcomes);
  const pulls = new Map<string, number>();
  const sums = new Map<string, number>();
  finished.forEach((o, i) => {
    const w = settings.discount ** (finished.length - 1 - i);
    pulls.set(o.entry, (pulls.get(o.entry) ?? 0) + w);
    sums.set(o.entry, (sums.get(o.entry) ?? 0) + w * (rewards[i] ?? 0));
  });
  for (const o of outcomes) {
    if (o.pending !== true) continue;
    const n = pulls.get(o.entry) ?? 0;
    const mean = n > 0 ? (sums.get(o.entry) ?? 0) / n : 0;
    pulls.set(o.entry, n + 1);
    sums.set(o.entry, (sums.get(o.entry) ?? 0) + mean);
  }
  const total = [...pulls.values()].reduce((a, b) => a + b, 0);
  const indices = new Map<string, number>();
  for (const entry of entries) {
    const n = pulls.get(entry.name) ?? 0;
    if (n <= 0) {
      indices.set(entry.name, Number.POSITIVE_INFINITY);
      continue;
    }
    const mean = (sums.get(entry.name) ?? 0) / n;
    indices.set(entry.name, mean + settings.exploration * Math.sqrt((2 * Math.log(Math.max(total, 1))) / n));
  }
  return indices;
};

/** The entry of the highest index; ties go to the larger weight, then to the earlier entry. */
export const chooseByBandit = (entries: readonly PoolCandidate[], outcomes: readonly PoolOutcome[], settings: BanditSettings = DEFAULT_BANDIT): PoolCandidate | null => {
  const indices = banditIndices(entries, outcomes, settings);
  let chosen: PoolCandidate | null = null;
  for (const entry of entries) {
    if (chosen === null) {
      chosen = entry;
      continue;
    }
    const a = indices.get(entry.name) ?? 0;
    const b = indices.get(chosen.name) ?? 0;
    if (a > b || (a === b && entry.weight > chosen.weight)) chosen = entry;
  }
  return chosen;
};

export type PoolPolicy = 'weight' | 'bandit';

/** One attempt's entry under `policy` (null when no entry may run `role`). */
export const choosePoolEntry = (input: {
  entries: readonly PoolCandidate[];
  role: Exclude<Role, 'baseline'>;
  policy: PoolPolicy;
  outcomes: readonly PoolOutcome[];
  rng: Rng;
  excluded?: ReadonlySet<string>;
  settings?: BanditSettings;
}): PoolCandidate | null => {
  const eligible = eligibleEntries(input.entries, input.role, input.excluded);
  return input.policy === 'bandit' ? chooseByBandit(eligible, input.outcomes, input.settings) : chooseByWeight(eligible, input.rng);
};
