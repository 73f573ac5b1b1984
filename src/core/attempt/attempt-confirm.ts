import { isBetter, type Direction } from '../domain/score.js';

/**
 * Whether an attempt's first official evaluation is confirmed with `confirm` more seeds: only a
 * valid score that beats the incumbent (null: there is none yet) is, so the run's best is never a
 * lucky draw of a stochastic evaluator, and other attempts cost one evaluation.
 */
export const needsConfirmation = (first: { valid: boolean; score: number | null }, incumbent: number | null, confirm: number, direction: Direction): boolean =>
  first.valid && confirm > 0 && isBetter(first.score, incumbent, direction);
