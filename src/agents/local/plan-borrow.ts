import type { Rng } from '../../core/domain/random.js';
import type { NumericLiteral } from './find-literals.js';
import { formatFloat, pickDistinct, significantDigits } from './mutate.js';
import { type EvolveSource, type LiteralSpan, type MutationPlan, rewriteLiterals } from './plan-mutation.js';
import type { InspirationProgram } from './read-inspirations.js';

/** A step that moves literals of the program towards the values of one inspiration. */
export interface BorrowPlan extends MutationPlan {
  from: string;
}

interface Difference {
  source: EvolveSource;
  literal: LiteralSpan;
  /** The inspiration's literal in the same place. */
  target: LiteralSpan;
  /** The text written in the literal's place (floats draw how far they move). */
  borrow: (rng: Rng) => string;
}

/** Smallest share of the way to the inspiration's value a float moves (the largest is all of it). */
const MIN_FRACTION = 0.3;

/**
 * Literals that differ from an inspiration's in the same place: same file, same literal count
 * (the same program structure), same index, and the same kind (integer or float), so a borrowed
 * value is written where that kind of number already stood. Then the choices, likewise (same
 * choice count and index); a choice takes the inspiration's alternative in its own quotes.
 */
export const differences = (sources: readonly EvolveSource[], inspiration: InspirationProgram): Difference[] =>
  sources.flatMap((source) => {
    const other = inspiration.sources.find((s) => s.relPath === source.relPath);
    if (other === undefined) return [];
    const numbers = other.literals.length !== source.literals.length ? [] : source.literals.flatMap((literal, index) => {
      const target = other.literals[index];
      if (target === undefined || target.isInteger !== literal.isInteger || target.value === literal.value) return [];
      return [{ source, literal, target, borrow: (rng: Rng) => borrowedText(literal, target, rng) }];
    });
    const choices = other.choices.length !== source.choices.length ? [] : source.choices.flatMap((choice, index) => {
      const target = other.choices[index];
      if (target === undefined || target.value === choice.value || !choice.alternatives.includes(target.value)) return [];
      return [{ source, literal: choice, target, borrow: () => `${choice.quote}${target.value}${choice.quote}` }];
    });
    return [...numbers, ...choices];
  });

const borrowedText = (literal: NumericLiteral, target: NumericLiteral, rng: Rng): string => {
  if (literal.isInteger) return target.text;
  // A float moves a random share of the way (differential evolution's step towards a donor).
  const fraction = MIN_FRACTION + (1 - MIN_FRACTION) * rng.next();
  const digits = Math.min(Math.max(significantDigits(literal.text), significantDigits(target.text), 4), 8);
  const text = formatFloat(literal.value + fraction * (target.value - literal.value), literal.text, digits);
  return Number(text) === literal.value || !Number.isFinite(Number(text)) ? target.text : text;
};

/**
 * Picks one inspiration that differs from the program and moves up to `count` of the differing
 * literals towards its values: integers and choices take the inspiration's value, floats a random
 * 30–100 % of the way. Null when no inspiration differs in a place the program shares with it. Pure.
 */
export const planBorrow = (sources: readonly EvolveSource[], inspirations: readonly InspirationProgram[], count: number, rng: Rng): BorrowPlan | null => {
  const options = inspirations.map((inspiration) => ({ inspiration, diffs: differences(sources, inspiration) })).filter((o) => o.diffs.length > 0);
  if (options.length === 0) return null;
  const chosen = options[rng.int(options.length)];
  if (chosen === undefined) return null;
  const rewrites = pickDistinct(chosen.diffs, count, rng).map((diff) => ({ source: diff.source, literal: diff.literal, replacement: diff.borrow(rng) }));
  return { ...rewriteLiterals(rewrites), from: chosen.inspiration.attemptId };
};
