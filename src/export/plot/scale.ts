/** A linear map from a data domain to pixels, with the ticks to label it. */
export interface LinearScale {
  (value: number): number;
  domain: readonly [number, number];
  ticks: number[];
}

/** Round tick values (1, 2 or 5 times a power of ten) covering [min, max], about `count` of them. */
export const niceTicks = (min: number, max: number, count = 5): number[] => {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const ratio = raw / power;
  // The thresholds are the geometric means of 1, 2, 5 and 10, as d3's ticks use them.
  const step = (ratio >= 7.07 ? 10 : ratio >= 3.16 ? 5 : ratio >= 1.41 ? 2 : 1) * power;
  const ticks: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max + step * 1e-9; value += step) {
    ticks.push(Number(value.toPrecision(12)));
  }
  return ticks;
};

/**
 * A scale over [min, max] (widened by `pad` of the span on both sides, or by 1 when the span is
 * zero) onto [from, to] pixels; `to` may be smaller than `from` for a y axis that grows upwards.
 */
export const linearScale = (min: number, max: number, from: number, to: number, pad = 0): LinearScale => {
  const span = max - min;
  const low = span === 0 ? min - 1 : min - span * pad;
  const high = span === 0 ? max + 1 : max + span * pad;
  const map = (value: number): number => from + ((value - low) / (high - low)) * (to - from);
  return Object.assign(map, { domain: [low, high] as const, ticks: niceTicks(low, high) });
};

/** A tick label: at most 4 significant digits, thousands as k and millions as M. */
export const formatTick = (value: number): string => {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${Number((value / 1e6).toPrecision(3))}M`;
  if (abs >= 1e4) return `${Number((value / 1e3).toPrecision(3))}k`;
  return String(Number(value.toPrecision(4)));
};

/**
 * A value range that outliers cannot squash: values beyond 3 interquartile ranges from the
 * quartiles are left out (the values in `keep`, such as the baseline and the best, never are).
 * Fewer than 5 values, or no spread between the quartiles, keep every value.
 */
export const robustRange = (values: readonly number[], keep: readonly number[] = []): { min: number; max: number } => {
  const all = { min: Math.min(...values, ...keep), max: Math.max(...values, ...keep) };
  if (values.length < 5) return all;
  const sorted = [...values].sort((a, b) => a - b);
  const quantile = (p: number): number => {
    const at = p * (sorted.length - 1);
    const lower = sorted[Math.floor(at)] ?? 0;
    const upper = sorted[Math.ceil(at)] ?? lower;
    return lower + (upper - lower) * (at - Math.floor(at));
  };
  const q1 = quantile(0.25);
  const q3 = quantile(0.75);
  const iqr = q3 - q1;
  if (iqr <= 0) return all;
  const inside = values.filter((value) => value >= q1 - 3 * iqr && value <= q3 + 3 * iqr);
  return { min: Math.min(...inside, ...keep), max: Math.max(...inside, ...keep) };
};
