import type { Direction } from '../domain/score.js';

/**
 * The result key of an evaluator that repeats its own measurement: the standard error of the
 * score it reports. Swarm then uses it as the spread instead of repeating the baseline itself.
 */
export const SCORE_STDERR = 'score_stderr';

/** Standard errors of the difference a candidate must beat the incumbent by, once noise was found. */
export const NOISE_MARGIN_SE = 2;

/** `evaluator.confirm` in effect when it is 0 and swarm measured the noise itself. */
export const NOISY_CONFIRM = 2;

/** Extra seeds the baseline is evaluated with once it scored twice differently (k = 1 + this ≥ 3 seeds). */
export const BASELINE_NOISE_SEEDS = 2;

/** How much one evaluation's score varies: `sd` of one score, from `samples` evaluations of the baseline or reported by the evaluator. */
export interface NoiseSpread {
  sd: number;
  samples: number;
  source: 'repeats' | 'evaluator';
}

/** The sample standard deviation; null with fewer than two values. */
export const sampleSd = (values: readonly number[]): number | null => {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1));
};

/**
 * The spread of a non-deterministic evaluator, from the baseline's valid evaluations: the
 * `score_stderr` the evaluator reports when it does (positive), else the standard deviation of
 * the baseline's scores when they differ; null when the evaluator looks deterministic.
 */
export const noiseSpread = (baseline: ReadonlyArray<{ score: number; metrics: Record<string, number> }>): NoiseSpread | null => {
  const reported = baseline.map((e) => e.metrics[SCORE_STDERR]).find((v): v is number => v !== undefined && Number.isFinite(v) && v > 0);
  if (reported !== undefined) return { sd: reported, samples: baseline.length, source: 'evaluator' };
  const sd = sampleSd(baseline.map((e) => e.score));
  return sd === null || sd === 0 ? null : { sd, samples: baseline.length, source: 'repeats' };
};

/** The confirmations in effect: `evaluator.confirm`, or 2 when it is 0 and swarm measured the noise (an evaluator reporting its spread repeats itself). */
export const effectiveConfirm = (confirm: number, noise: NoiseSpread | null): number =>
  confirm > 0 || noise === null || noise.source === 'evaluator' ? confirm : NOISY_CONFIRM;

/**
 * The margin a candidate's mean must beat the incumbent's by: two standard errors of the
 * difference of two means, 2·√(σc²/n + σi²/m), n and m the evaluations behind each score, σ the
 * spread of one evaluation (each side's reported `score_stderr` where it has one).
 */
export const crownMargin = (candidate: { sd: number; samples: number }, incumbent: { sd: number; samples: number }): number =>
  NOISE_MARGIN_SE * Math.sqrt(candidate.sd ** 2 / Math.max(1, candidate.samples) + incumbent.sd ** 2 / Math.max(1, incumbent.samples));

/** True when `score` beats `incumbent` in `direction` by more than `margin`. */
export const beatsBeyond = (score: number, incumbent: number, margin: number, direction: Direction): boolean =>
  (direction === 'maximize' ? score - incumbent : incumbent - score) > margin;
