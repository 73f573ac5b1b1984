import { LINEAGE_COLOR, ROLE_INK } from '../graph-style.js';
import { escapeXml } from '../svg-text.js';
import { chartBox, chartFrame } from './chart-frame.js';
import { finishedInOrder, type PlotInput } from './plot-input.js';
import { linearScale } from './scale.js';

interface Series {
  title: string;
  unit: string;
  color: string;
  value: (usage: { inputTokens: number; outputTokens: number; costUsd: number }) => number;
}

const SERIES: Series[] = [
  { title: 'cost over time', unit: 'cumulative cost (USD)', color: LINEAGE_COLOR, value: (u) => u.costUsd },
  { title: 'tokens over time', unit: 'cumulative tokens (input + output)', color: ROLE_INK.baseline, value: (u) => u.inputTokens + u.outputTokens },
];

/** Elapsed time in the unit that suits a span of `spanMs`: seconds, minutes or hours. */
const timeUnit = (spanMs: number): { divisor: number; name: string } =>
  spanMs < 120_000 ? { divisor: 1000, name: 's' } : spanMs < 7_200_000 ? { divisor: 60_000, name: 'min' } : { divisor: 3_600_000, name: 'h' };

/** Points (elapsed, cumulative total) of one series over the finished attempts. */
const cumulative = (input: PlotInput, series: Series): { id: string; at: number; total: number }[] => {
  const usage = new Map(input.usage.map((u) => [u.id, u]));
  const rows = finishedInOrder(input.attempts);
  const start = Math.min(...input.attempts.map((row) => row.startedAt ?? row.finishedAt ?? Infinity));
  let total = 0;
  return rows.map((row) => {
    const reported = usage.get(row.id);
    total += reported ? series.value(reported) : 0;
    return { id: row.id, at: (row.finishedAt ?? start) - start, total };
  });
};

const chart = (input: PlotInput, series: Series, width: number, height: number): string => {
  const points = cumulative(input, series);
  const box = chartBox(width, height);
  const span = Math.max(1, ...points.map((p) => p.at));
  const unit = timeUnit(span);
  const x = linearScale(0, span / unit.divisor, box.left + 4, box.right - 4);
  const y = linearScale(0, Math.max(...points.map((p) => p.total)), box.bottom, box.top + 6, 0.02);
  const path = points.map((p, i) => `${i === 0 ? `M${x(0)},${y(0)}H` : 'H'}${x(p.at / unit.divisor)}V${y(p.total)}`).join('');
  // Past 60 points the dots merge into the line and only add bytes.
  const dots = (points.length > 60 ? [] : points).map((p) => `<circle cx="${x(p.at / unit.divisor)}" cy="${y(p.total)}" r="2.5" fill="${series.color}"><title>${escapeXml(`${p.id}: ${p.total}`)}</title></circle>`);
  return [
    chartFrame(box, x, y, { title: series.title, x: `time since the run started (${unit.name})`, y: series.unit }, []),
    `<path class="usage-line" d="${path}" fill="none" stroke="${series.color}" stroke-width="2"/>`,
    ...dots,
  ].join('\n');
};

/**
 * Cost and tokens over time, one chart each, for the series the backends reported (a series that
 * is zero throughout is left out). Returns the charts stacked, with their total height; height 0
 * when nothing was reported.
 */
export const usagePlots = (input: PlotInput, width = 760, height = 280): { svg: string; height: number; drawn: string[] } => {
  const reported = SERIES.filter((series) => input.usage.some((u) => series.value(u) > 0));
  const svg = reported.map((series, i) => `<g class="usage-plot" transform="translate(0,${i * height})">${chart(input, series, width, height)}</g>`);
  return { svg: svg.join('\n'), height: reported.length * height, drawn: reported.map((series) => series.title) };
};
