import { formatScore } from '../../core/domain/score.js';
import { evaluateCheckout, type CheckoutEvaluation, type EvaluateCheckoutInput } from './evaluate-checkout.js';

export interface NoiseCheck {
  /** The evaluation to record: the first one's stages followed by the repeat's. */
  evaluation: CheckoutEvaluation;
  /** A warning when the two scores with one seed differ, else null. */
  warning: string | null;
}

/**
 * Evaluates a valid baseline once more with the same seed: an evaluator that is not deterministic
 * for a seed makes every comparison partly noise, which the user should hear about before a run.
 */
export const checkBaselineNoise = async (input: EvaluateCheckoutInput, first: CheckoutEvaluation): Promise<NoiseCheck> => {
  if (!first.final.valid || first.final.score === null) return { evaluation: first, warning: null };
  const again = await evaluateCheckout(input);
  const evaluation = { final: first.final, results: [...first.results, ...again.results], violations: [...new Set([...first.violations, ...again.violations])] };
  const a = first.final.score;
  const b = again.final.valid ? again.final.score : null;
  if (b === a) return { evaluation, warning: null };
  const second = b === null ? `was invalid the second time (${again.final.reason ?? 'no reason'})` : `scored ${formatScore(a)} and then ${formatScore(b)}`;
  return {
    evaluation,
    warning: `warning: the baseline ${second} with seed ${input.seed}: the evaluator is not deterministic for a seed, so part of every score is noise; seed its random choices with SWARM_SEED (the OpenEvolve adapter seeds random and numpy unless --no-seed), check the spread with \`swarm eval --repeat 5\`, or set evaluator.confirm to re-measure a new best`,
  };
};
