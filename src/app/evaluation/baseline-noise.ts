import { formatScore } from '../../core/domain/score.js';
import { BASELINE_NOISE_SEEDS, crownMargin, effectiveConfirm, NOISE_MARGIN_SE, noiseSpread, SCORE_STDERR, type NoiseSpread } from '../../core/evaluation/noise-margin.js';
import { evaluateCheckout, type CheckoutEvaluation, type EvaluateCheckoutInput } from './evaluate-checkout.js';

export interface NoiseCheck {
  /** The evaluation to record: the first one's stages followed by the repeats'; its score the mean of its valid scores once noise was measured. */
  evaluation: CheckoutEvaluation;
  /** A warning when the two scores with one seed differ, else null. */
  warning: string | null;
  /** The spread found (measured over k ≥ 3 seeds, or reported as score_stderr), and the line that says how a new best is crowned; null when none. */
  noise: { spread: NoiseSpread; line: string } | null;
}

const merge = (a: CheckoutEvaluation, b: CheckoutEvaluation): CheckoutEvaluation => ({
  final: a.final,
  results: [...a.results, ...b.results],
  violations: [...new Set([...a.violations, ...b.violations])],
});

/** The line said once on screen: the spread, and the rule a candidate is crowned by from now on. */
export const noiseLine = (spread: NoiseSpread, confirm: number): string => {
  const n = 1 + effectiveConfirm(confirm, spread);
  const margin = crownMargin({ sd: spread.sd, samples: n }, spread);
  const measured = spread.source === 'evaluator'
    ? `the evaluator reports ${SCORE_STDERR} = ${formatScore(spread.sd)}`
    : `the baseline's spread over ${spread.samples} evaluations with ${spread.samples - 1} seeds is sd ${formatScore(spread.sd)}`;
  return `noise: ${measured}; a new best is crowned only when the mean of its ${n} evaluation${n === 1 ? '' : 's'} (evaluator.confirm ${n - 1}) beats the best by more than ${NOISE_MARGIN_SE} standard errors of the difference (about ${formatScore(margin)} against the baseline); otherwise it is scored and flagged within-noise`;
};

/**
 * Evaluates a valid baseline once more with the same seed: an evaluator that is not deterministic
 * for a seed makes every comparison partly noise, which the user should hear about before a run.
 * Then the spread: the evaluator's own `score_stderr` when it reports one, else the baseline
 * evaluated with BASELINE_NOISE_SEEDS more seeds; its recorded score becomes the mean of its valid
 * evaluations, the reference a candidate must beat beyond the noise margin.
 */
export const checkBaselineNoise = async (input: EvaluateCheckoutInput, first: CheckoutEvaluation, confirm = 0): Promise<NoiseCheck> => {
  if (!first.final.valid || first.final.score === null) return { evaluation: first, warning: null, noise: null };
  const again = await evaluateCheckout(input);
  let evaluation = merge(first, again);
  const a = first.final.score;
  const b = again.final.valid ? again.final.score : null;
  const reported = noiseSpread([{ score: a, metrics: first.final.metrics }]);
  const warning = b === a
    ? null
    : `warning: the baseline ${b === null ? `was invalid the second time (${again.final.reason ?? 'no reason'})` : `scored ${formatScore(a)} and then ${formatScore(b)}`} with seed ${input.seed}: the evaluator is not deterministic for a seed, so part of every score is noise; seed its random choices with SWARM_SEED (the OpenEvolve adapter seeds random and numpy unless --no-seed), check the spread with \`swarm eval --repeat 5\`, or set evaluator.confirm to re-measure a new best`;
  if (b === null || (b === a && reported === null)) return { evaluation, warning, noise: null };
  const scores = [a, b];
  if (reported === null) {
    for (let i = 1; i <= BASELINE_NOISE_SEEDS && !input.signal.aborted; i++) {
      const repeat = await evaluateCheckout({ ...input, seed: input.seed + i });
      evaluation = merge(evaluation, repeat);
      if (repeat.final.valid && repeat.final.score !== null) scores.push(repeat.final.score);
    }
  }
  const spread = reported ?? noiseSpread(scores.map((score) => ({ score, metrics: {} })));
  if (spread === null) return { evaluation, warning, noise: null };
  const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
  const final = { ...first.final, score: mean, metrics: { ...first.final.metrics, [input.metric]: mean } };
  return { evaluation: { ...evaluation, final }, warning, noise: { spread: { ...spread, samples: scores.length }, line: noiseLine({ ...spread, samples: scores.length }, confirm) } };
};
