import type { AttemptRow } from '../../core/views/report.js';
import { formatScore, isBetter } from '../../core/domain/score.js';
import type { Role } from '../../core/domain/types.js';
import { DEAD_LINE, LINEAGE_COLOR, ROLE_INK } from '../graph-style.js';
import { escapeXml } from '../svg-text.js';
import { chartBox, chartFrame, type LegendEntry } from './chart-frame.js';
import { finishedInOrder, type PlotInput } from './plot-input.js';
import { linearScale } from './scale.js';

const ROLES: Role[] = ['baseline', 'explorer', 'optimizer'];
/** Height of the lane under the data where attempts without a score are marked. */
const LANE = 16;

const marker = (role: Role, x: number, y: number): string =>
  role === 'baseline'
    ? `<rect x="${x - 4}" y="${y - 4}" width="8" height="8" fill="${ROLE_INK.baseline}"/>`
    : `<circle cx="${x}" cy="${y}" r="3.5" fill="${ROLE_INK[role]}" fill-opacity="0.85"/>`;

const cross = (x: number, y: number): string =>
  `<path d="M${x - 3},${y - 3}L${x + 3},${y + 3}M${x - 3},${y + 3}L${x + 3},${y - 3}" stroke="${DEAD_LINE}" stroke-width="1.5"/>`;

const pointTitle = (row: AttemptRow): string =>
  `<title>${escapeXml(`${row.id} · ${row.role} · ${row.status === 'scored' ? formatScore(row.score) : row.status}`)}</title>`;

const legend = (input: PlotInput, hasDead: boolean): LegendEntry[] => [
  ...ROLES.filter((role) => input.attempts.some((row) => row.role === role)).map((role) => ({ label: role, swatch: marker(role, 8, 5) })),
  { label: 'best so far', swatch: `<line x1="0" y1="5" x2="16" y2="5" stroke="${LINEAGE_COLOR}" stroke-width="2"/>` },
  { label: 'baseline', swatch: `<line x1="0" y1="5" x2="16" y2="5" stroke="${ROLE_INK.baseline}" stroke-dasharray="4 2"/>` },
  ...(hasDead ? [{ label: 'not scored', swatch: cross(8, 5) }] : []),
];

/**
 * Score over attempts, in the order they finished: one point per scored attempt coloured by role,
 * a cross in the bottom lane for each attempt without a score, the best so far as a step line and
 * the baseline's score as a dashed rule. Returns a `<g class="score-plot">` of `width` x `height`.
 */
export const scorePlot = (input: PlotInput, width = 760, height = 340): string => {
  const rows = finishedInOrder(input.attempts);
  const box = chartBox(width, height);
  const direction = input.run.objective.direction;
  const scores = rows.filter((row) => row.status === 'scored' && row.score !== null).map((row) => row.score ?? 0);
  const x = linearScale(1, Math.max(1, rows.length), box.left + 8, box.right - 8);
  const y = linearScale(Math.min(...scores, Infinity), Math.max(...scores, -Infinity), box.bottom - LANE - 4, box.top + 6, 0.04);
  const baseline = input.attempts.find((row) => row.role === 'baseline' && row.status === 'scored') ?? null;

  const marks: string[] = [];
  const steps: string[] = [];
  let best: number | null = null;
  rows.forEach((row, index) => {
    const px = x(index + 1);
    const scored = row.status === 'scored' && row.score !== null;
    const mark = scored ? marker(row.role, px, y(row.score ?? 0)) : cross(px, box.bottom - LANE / 2);
    marks.push(`<g class="point" data-attempt="${escapeXml(row.id)}" data-role="${row.role}">${pointTitle(row)}${mark}</g>`);
    if (scored && isBetter(row.score, best, direction)) {
      best = row.score;
      steps.push(`${steps.length === 0 ? 'M' : 'H'}${px}${steps.length === 0 ? `,${y(best ?? 0)}` : `V${y(best ?? 0)}`}`);
    }
  });
  if (steps.length > 0) steps.push(`H${x(Math.max(1, rows.length))}`);

  const parts = [
    chartFrame(box, x, y, { title: `${input.run.objective.metric} over attempts (${direction})`, x: 'attempt, in the order they finished', y: input.run.objective.metric }, legend(input, scores.length < rows.length)),
  ];
  if (baseline !== null && baseline.score !== null) {
    const py = y(baseline.score);
    parts.push(`<line class="baseline-rule" x1="${box.left}" y1="${py}" x2="${box.right}" y2="${py}" stroke="${ROLE_INK.baseline}" stroke-dasharray="5 3"/>`);
  }
  if (steps.length > 0) parts.push(`<path class="best-so-far" d="${steps.join('')}" fill="none" stroke="${LINEAGE_COLOR}" stroke-width="2"/>`);
  parts.push(...marks);
  if (rows.length === 0) parts.push(`<text x="${(box.left + box.right) / 2}" y="${(box.top + box.bottom) / 2}" text-anchor="middle" font-size="12" fill="#6b7280">no finished attempt yet</text>`);
  return `<g class="score-plot">${parts.join('\n')}</g>`;
};
