/** Small statistics helpers; every function takes plain arrays of numbers and never mutates them. */

export const sum = (values) => values.reduce((total, v) => total + v, 0);

export const mean = (values) => (values.length === 0 ? Number.NaN : sum(values) / values.length);

/** The q-quantile (0..1) by linear interpolation between closest ranks; NaN for an empty array. */
export const quantile = (values, q) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
};

export const median = (values) => quantile(values, 0.5);

export const p90 = (values) => quantile(values, 0.9);

/** Rounds for display and for results.json (figures carry no false precision). */
export const round = (value, digits = 1) => {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
