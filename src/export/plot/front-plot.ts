import { formatScore } from '../../core/domain/score.js';
import type { Role } from '../../core/domain/types.js';
import { DEAD_LINE, LINEAGE_COLOR, ROLE_INK } from '../graph-style.js';
import { escapeXml, FONT_FAMILY, svgText } from '../svg-text.js';
import { chartBox, chartFrame } from './chart-frame.js';
import { linearScale } from './scale.js';

/** One scored attempt at its values of the two plotted metrics. */
export interface FrontPlotPoint {
  id: string;
  role: Role;
  x: number;
  y: number;
  /** False when it broke a constraint (drawn as a cross). */
  feasible: boolean;
  /** True when it is on the run's stored Pareto front. */
  front: boolean;
}

/** What `swarm plot --x A --y B` draws. */
export interface FrontPlotInput {
  run: { id: string; description: string };
  x: string;
  y: string;
  points: FrontPlotPoint[];
  /** Attempts scored without one of the two metrics (left out, counted in the note). */
  missing: number;
}

const WIDTH = 760;
const HEIGHT = 420;
const MARGIN = 16;

const mark = (p: FrontPlotPoint, px: number, py: number): string => {
  if (!p.feasible) return `<path d="M${px - 3},${py - 3}L${px + 3},${py + 3}M${px - 3},${py + 3}L${px + 3},${py - 3}" stroke="${DEAD_LINE}" stroke-width="1.5"/>`;
  const dot = `<circle cx="${px}" cy="${py}" r="3.5" fill="${ROLE_INK[p.role]}" fill-opacity="0.85"/>`;
  return p.front ? `${dot}<circle cx="${px}" cy="${py}" r="7" fill="none" stroke="${LINEAGE_COLOR}" stroke-width="2"/>` : dot;
};

/**
 * Attempts over two metrics: a point per feasible attempt (coloured by role), a cross per infeasible
 * one, the members of the stored Pareto front ringed and joined in order of the x metric.
 */
export const renderFrontPlotSvg = (input: FrontPlotInput): string => {
  const box = chartBox(WIDTH, HEIGHT);
  const xs = input.points.map((p) => p.x);
  const ys = input.points.map((p) => p.y);
  const x = linearScale(Math.min(...xs, Infinity), Math.max(...xs, -Infinity), box.left + 8, box.right - 8, 0.04);
  const y = linearScale(Math.min(...ys, Infinity), Math.max(...ys, -Infinity), box.bottom - 6, box.top + 6, 0.04);
  const front = input.points.filter((p) => p.front).sort((a, b) => a.x - b.x || a.y - b.y);
  const legend = [
    { label: 'attempt', swatch: `<circle cx="8" cy="5" r="3.5" fill="${ROLE_INK.explorer}"/>` },
    { label: `Pareto front (${front.length})`, swatch: `<circle cx="8" cy="5" r="5" fill="none" stroke="${LINEAGE_COLOR}" stroke-width="2"/>` },
    ...(input.points.some((p) => !p.feasible) ? [{ label: 'infeasible', swatch: `<path d="M5,2L11,8M5,8L11,2" stroke="${DEAD_LINE}" stroke-width="1.5"/>` }] : []),
  ];
  const parts = [chartFrame(box, x, y, { title: `${input.y} against ${input.x}`, x: input.x, y: input.y }, legend)];
  if (front.length > 1) parts.push(`<path class="front-line" d="${front.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.x)},${y(p.y)}`).join('')}" fill="none" stroke="${LINEAGE_COLOR}" stroke-width="1.5" stroke-dasharray="4 2"/>`);
  for (const p of input.points) {
    const title = `<title>${escapeXml(`${p.id} · ${input.x} ${formatScore(p.x)} · ${input.y} ${formatScore(p.y)}${p.front ? ' · front' : ''}${p.feasible ? '' : ' · infeasible'}`)}</title>`;
    parts.push(`<g class="point${p.front ? ' front' : ''}" data-attempt="${escapeXml(p.id)}">${title}${mark(p, x(p.x), y(p.y))}</g>`);
  }
  if (input.points.length === 0) parts.push(svgText((box.left + box.right) / 2, (box.top + box.bottom) / 2, `no scored attempt reports both ${input.x} and ${input.y}`, { 'font-size': 12, 'text-anchor': 'middle', fill: '#6b7280' }));
  const note = input.missing > 0 ? `${input.missing} scored attempt(s) without ${input.x} or ${input.y} left out` : null;
  const top = note === null ? 34 : 52;
  const width = WIDTH + 2 * MARGIN;
  const height = top + HEIGHT + 2 * MARGIN;
  const header = [svgText(0, 16, `swarm run ${input.run.id} · Pareto front`, { 'font-size': 15, 'font-weight': 'bold' })];
  if (note !== null) header.push(svgText(0, 36, note, { 'font-size': 11, fill: '#4b5563' }));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<g transform="translate(${MARGIN},${MARGIN})">${header.join('\n')}<g transform="translate(0,${top})">${parts.join('\n')}</g></g>`,
    '</svg>',
    '',
  ].join('\n');
};
