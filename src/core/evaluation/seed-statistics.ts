/** Two-sided 97.5 % quantiles of Student's t for 1…30 degrees of freedom (beyond: the normal 1.96). */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

const tQuantile = (df: number): number => T_975[df - 1] ?? 1.96;

/** A mean with its 95 % interval (Student's t); the interval is null with fewer than two values. */
export interface MeanInterval {
  n: number;
  mean: number | null;
  sd: number | null;
  low: number | null;
  high: number | null;
}

export const meanInterval = (values: readonly number[]): MeanInterval => {
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null, low: null, high: null };
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  if (n < 2) return { n, mean, sd: null, low: null, high: null };
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1));
  const half = tQuantile(n - 1) * (sd / Math.sqrt(n));
  return { n, mean, sd, low: mean - half, high: mean + half };
};

/**
 * The gain of `better` over `worse` measured with the same seeds: the paired differences seed by
 * seed (the seed's own luck cancels out), signed so that a positive gain is an improvement in
 * `direction`. Seeds valid on only one side are left out.
 */
export const pairedGain = (
  better: ReadonlyMap<number, number>,
  worse: ReadonlyMap<number, number>,
  direction: 'maximize' | 'minimize',
): MeanInterval => {
  const sign = direction === 'maximize' ? 1 : -1;
  const differences: number[] = [];
  for (const [seed, score] of better) {
    const other = worse.get(seed);
    if (other !== undefined) differences.push(sign * (score - other));
  }
  return meanInterval(differences);
};

/** True when the 95 % interval of a gain includes zero, or there is too little data to tell. */
export const withinNoise = (gain: MeanInterval): boolean => gain.low === null || gain.high === null || (gain.low <= 0 && gain.high >= 0);
