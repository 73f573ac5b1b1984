import { escapeXml, svgText } from '../svg-text.js';
import { formatTick, type LinearScale } from './scale.js';

/** Where a chart draws: its size and the plot area inside the axes. */
export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A chart of `width` x `height` with room for a title, axis labels and ticks. */
export const chartBox = (width: number, height: number): ChartBox => ({ width, height, left: 64, right: width - 16, top: 34, bottom: height - 42 });

export interface LegendEntry {
  label: string;
  /** SVG of a 16 x 10 swatch with its top-left corner at the origin. */
  swatch: string;
}

/**
 * The frame of a chart: title, grid lines with tick labels on both axes, axis titles, and a
 * one-line legend at the top right.
 */
export const chartFrame = (
  box: ChartBox,
  x: LinearScale,
  y: LinearScale,
  labels: { title: string; x: string; y: string; xTick?: (value: number) => string },
  legend: readonly LegendEntry[],
): string => {
  const parts = [svgText(0, 16, labels.title, { 'font-size': 14, 'font-weight': 'bold' })];
  for (const tick of y.ticks) {
    const py = y(tick);
    if (py < box.top - 0.5 || py > box.bottom + 0.5) continue;
    parts.push(`<line x1="${box.left}" y1="${py}" x2="${box.right}" y2="${py}" stroke="#e5e7eb"/>`);
    parts.push(svgText(box.left - 6, py + 4, formatTick(tick), { 'font-size': 10, 'text-anchor': 'end', fill: '#4b5563' }));
  }
  for (const tick of x.ticks) {
    const px = x(tick);
    if (px < box.left - 0.5 || px > box.right + 0.5) continue;
    parts.push(`<line x1="${px}" y1="${box.bottom}" x2="${px}" y2="${box.bottom + 4}" stroke="#6b7280"/>`);
    parts.push(svgText(px, box.bottom + 16, (labels.xTick ?? formatTick)(tick), { 'font-size': 10, 'text-anchor': 'middle', fill: '#4b5563' }));
  }
  parts.push(`<rect x="${box.left}" y="${box.top}" width="${box.right - box.left}" height="${box.bottom - box.top}" fill="none" stroke="#9ca3af"/>`);
  parts.push(svgText((box.left + box.right) / 2, box.height - 8, labels.x, { 'font-size': 11, 'text-anchor': 'middle' }));
  const midY = (box.top + box.bottom) / 2;
  parts.push(`<text x="14" y="${midY}" font-size="11" text-anchor="middle" transform="rotate(-90 14 ${midY})">${escapeXml(labels.y)}</text>`);
  let lx = box.right;
  for (const entry of [...legend].reverse()) {
    const w = 22 + entry.label.length * 6.2;
    lx -= w;
    parts.push(`<g transform="translate(${lx},${box.top - 16})">${entry.swatch}${svgText(20, 9, entry.label, { 'font-size': 10 })}</g>`);
  }
  return parts.join('\n');
};
