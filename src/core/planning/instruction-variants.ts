import type { Rng } from '../domain/random.js';
import { isBetter, type Direction } from '../domain/score.js';

/**
 * Evolving explorer instructions (shepherd.metaPrompts, issue 32): a small population of
 * instruction variants, each credited with the improvements its explorers made, the weakest
 * replaced by a new variant once every variant has been tried. Pure: the app stores the variants
 * and the trials, and writes a variant with the Shepherd's model when it has one.
 */

/** Where a variant came from. */
export type VariantOrigin = 'built-in' | 'recombined' | 'model';

export interface InstructionVariant {
  /** `v1`, `v2`, … in order of creation; `v1` is the run's own explorer instructions. */
  id: string;
  /** The variant it was derived from (the best of the population when it was written). */
  parent: string | null;
  text: string;
  origin: VariantOrigin;
  retired: boolean;
}

/** One explorer's use of a variant: improved is null until the attempt is recorded. */
export interface VariantTrial {
  variantId: string;
  /** The backend (pool entry) the attempt ran on: credit is compared within one backend. */
  backend: string;
  /** Attempt order in the run: later trials weigh more. */
  seq: number;
  improved: boolean | null;
}

export interface VariantCredit {
  id: string;
  /** Trials of the variant, finished or not. */
  attempts: number;
  finished: number;
  improvements: number;
  /** Discounted improvement rate above the mean of its backends (0 = average, > 0 better). */
  credit: number;
}

/** Active variants at most: the population the explorers share. */
export const POPULATION = 3;
/** Finished trials every active variant needs before the weakest is replaced. */
export const MIN_TRIALS = 2;
/** Weight of a trial relative to the next newer one of the same variant and backend. */
export const DISCOUNT = 0.8;
/** Longest variant text kept (a model's answer is cut here). */
export const MAX_VARIANT_CHARS = 4000;

/**
 * Directions the built-in variants add to the run's explorer instructions, and the mutations of
 * recombination: each is one paragraph, so variants are recombined paragraph by paragraph.
 */
export const DIRECTIVES: readonly string[] = [
  'Strategy: prefer one bold structural change over tuning constants; replace the approach, not its parameters.',
  'Strategy: read findings.md first and take the direction the lineage has tried least.',
  'Strategy: change one thing at a time and measure it with the evaluation command before you keep it.',
  'Strategy: simplify first; remove what does not earn its place, then improve what remains.',
  'Strategy: study the evaluator feedback of your parent and attack its weakest part.',
];

/** The first population: the run's own explorer instructions, then that text with one directive each. */
export const initialVariants = (base: string): InstructionVariant[] =>
  [base, ...DIRECTIVES.slice(0, POPULATION - 1).map((d) => `${base}\n\n${d}`)].map((text, i) => ({
    id: `v${i + 1}`,
    parent: i === 0 ? null : 'v1',
    text,
    origin: 'built-in',
    retired: false,
  }));

/** Discounted share of improving trials, newest first weighing most. */
const discountedRate = (trials: readonly VariantTrial[]): number => {
  let weight = 1;
  let sum = 0;
  let total = 0;
  for (const trial of [...trials].sort((a, b) => b.seq - a.seq)) {
    sum += weight * (trial.improved ? 1 : 0);
    total += weight;
    weight *= DISCOUNT;
  }
  return total === 0 ? 0 : sum / total;
};

/**
 * Credit of each variant: per backend, its discounted improvement rate minus the discounted rate
 * of all trials on that backend; averaged over its backends weighted by its trials there. A
 * variant is thus never credited for running on a stronger agent than the others.
 */
export const creditVariants = (variants: readonly InstructionVariant[], trials: readonly VariantTrial[]): VariantCredit[] => {
  const finished = trials.filter((t) => t.improved !== null);
  const backends = [...new Set(finished.map((t) => t.backend))];
  const backendRate = new Map(backends.map((b) => [b, discountedRate(finished.filter((t) => t.backend === b))]));
  return variants.map((variant) => {
    const own = trials.filter((t) => t.variantId === variant.id);
    const done = own.filter((t) => t.improved !== null);
    let weighted = 0;
    for (const backend of backends) {
      const there = done.filter((t) => t.backend === backend);
      if (there.length > 0) weighted += there.length * (discountedRate(there) - (backendRate.get(backend) ?? 0));
    }
    return { id: variant.id, attempts: own.length, finished: done.length, improvements: done.filter((t) => t.improved).length, credit: done.length === 0 ? 0 : weighted / done.length };
  });
};

const variantOrder = (id: string): number => Number(id.replace(/^v/, ''));

/** Strongest first: credit, then improvements, then the older variant. */
const byStrength = (a: VariantCredit, b: VariantCredit): number => b.credit - a.credit || b.improvements - a.improvements || variantOrder(a.id) - variantOrder(b.id);

/** The variant the next explorer gets: the active one tried least, the stronger on a tie. */
export const chooseVariant = (variants: readonly InstructionVariant[], trials: readonly VariantTrial[]): string | null => {
  const active = new Set(variants.filter((v) => !v.retired).map((v) => v.id));
  const credits = creditVariants(variants, trials).filter((c) => active.has(c.id));
  return [...credits].sort((a, b) => a.attempts - b.attempts || byStrength(a, b))[0]?.id ?? null;
};

/** What a replacement retires and derives from, or null when none is due. */
export interface Replacement {
  retire: string;
  /** Active variants strongest first, the retired one excluded: the parents of the new one. */
  ranked: string[];
}

/**
 * A replacement is due when the population is full, every active variant has MIN_TRIALS finished
 * trials, and the weakest is credited below the strongest (a tie says nothing about either).
 */
export const dueReplacement = (variants: readonly InstructionVariant[], trials: readonly VariantTrial[]): Replacement | null => {
  const active = new Set(variants.filter((v) => !v.retired).map((v) => v.id));
  if (active.size < POPULATION) return null;
  const ranked = creditVariants(variants, trials).filter((c) => active.has(c.id)).sort(byStrength);
  if (ranked.some((c) => c.finished < MIN_TRIALS)) return null;
  const best = ranked[0];
  const weakest = ranked.at(-1);
  if (best === undefined || weakest === undefined || weakest.credit >= best.credit) return null;
  return { retire: weakest.id, ranked: ranked.slice(0, -1).map((c) => c.id) };
};

/** Paragraphs of a text, trimmed, empty ones dropped. */
export const fragments = (text: string): string[] => text.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p.length > 0);

/**
 * A new variant recombined from the best two: the base instructions, then the fragments the two
 * parents add to them, each kept with even odds, and one directive none of them has (a mutation).
 * Deterministic for the rng's seed; never the text of an existing variant while one is possible.
 */
export const recombine = (base: string, parents: readonly string[], existing: readonly string[], rng: Rng): string => {
  const baseFragments = new Set(fragments(base));
  const pool = [...new Set(parents.flatMap((text) => fragments(text).filter((f) => !baseFragments.has(f))))];
  const unused = DIRECTIVES.filter((d) => !pool.includes(d));
  const taken = new Set(existing.map((t) => t.trim()));
  let text = base;
  for (let tries = 0; tries < 8; tries++) {
    const kept = pool.filter(() => rng.next() < 0.5);
    const mutation = unused.length > 0 ? [rng.pick(unused)] : [];
    const chosen = kept.length === 0 && mutation.length === 0 ? pool.slice(0, 1) : [...kept, ...mutation];
    text = [base.trim(), ...chosen].join('\n\n');
    if (!taken.has(text.trim())) return text;
  }
  return text;
};

/** A short line of a variant for listings: its first fragment beyond the base, else its start. */
export const variantExcerpt = (text: string, base: string, width = 100): string => {
  const baseFragments = new Set(fragments(base));
  const own = fragments(text).filter((f) => !baseFragments.has(f));
  const line = (own.length > 0 ? own.join(' / ') : fragments(text)[0] ?? '').replace(/\s+/g, ' ');
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
};

/** What an explorer's result says about its variant: null while it runs. */
export interface TrialResult {
  status: 'running' | 'scored' | 'invalid' | 'failed' | 'interrupted';
  score: number | null;
  flags: readonly string[];
  parentScore: number | null;
}

/**
 * Whether an explorer improved on its parent: scored, feasible (a withheld score is null), better
 * than the parent's score, and evaluated itself (a reused or near-duplicate score is no one's
 * improvement). Null while it runs; an interrupted attempt says nothing either way.
 */
export const trialImproved = (trial: TrialResult, direction: Direction): boolean | null => {
  if (trial.status === 'running' || trial.status === 'interrupted') return null;
  if (trial.status !== 'scored' || trial.score === null) return false;
  if (trial.flags.some((f) => f.startsWith('reused:') || f.startsWith('near-duplicate:'))) return false;
  return trial.parentScore === null || isBetter(trial.score, trial.parentScore, direction);
};
