// Statistics of the policy benchmark: medians with a seeded bootstrap interval, and paired
// comparisons on shared seeds.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// mulberry32: the interval is the same on every rerun of the same results.
const rng = (seed) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];

/** Percentile bootstrap interval (95 %) of the median: `resamples` draws with replacement. */
export const bootstrapMedian = (values, { resamples = 2000, seed = 1 } = {}) => {
  if (values.length === 0) return null;
  const next = rng(seed);
  const medians = [];
  for (let i = 0; i < resamples; i++) medians.push(median(Array.from(values, () => values[Math.floor(next() * values.length)])));
  medians.sort((a, b) => a - b);
  return [quantile(medians, 0.025), quantile(medians, 0.975)];
};

/** Wins / ties / losses of `mine` against `theirs`, paired by seed (seeds missing from either are skipped). */
export const pairedAgainst = (mine, theirs, sign) => {
  const result = { wins: 0, ties: 0, losses: 0 };
  for (const run of mine) {
    const other = theirs.find((r) => r.seed === run.seed);
    if (!other || run.best === null || other.best === null) continue;
    const delta = sign * (run.best - other.best);
    if (Math.abs(delta) <= 1e-9 * Math.max(1, Math.abs(other.best))) result.ties += 1;
    else if (delta > 0) result.wins += 1;
    else result.losses += 1;
  }
  return result;
};
