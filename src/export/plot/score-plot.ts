import { crownable } from '../../core/domain/crowning.js';
import type { AttemptRow } from '../../core/views/report.js';
import { formatScore, isBetter } from '../../core/domain/score.js';
import type { Role } from '../../core/domain/types.js';
import { DEAD_LINE, LINEAGE_COLOR, ROLE_INK } from '../graph-style.js';
import { escapeXml } from '../svg-text.js';
import { chartBox, chartFrame, type LegendEntry } from './chart-frame.js';
import { finishedInOrder, type PlotInput } from './plot-input.js';
import { linearScale, robustRange } from './scale.js';
import { bestLineage } from '../best-lineage.js';

const ROLES: Role[] = ['baseline', 'explorer', 'optimizer'];
/** Height of the lane under the data where attempts without a score are marked. */
const LANE = 16;

const marker = (role: Role, x: number, y: number): string =>
  role === 'baseline'
    ? `<rect x="${x - 4}" y="${y - 4}" width="8" height="8" fill="${ROLE_INK.baseline}"/>`
    : `<circle cx="${x}" cy="${y}" r="3.5" fill="${ROLE_INK[role]}" fill-opacity="0.85"/>`;

const cross = (x: number, y: number): string =>
  `<path d="M${x - 3},${y - 3}L${x + 3},${y + 3}M${x - 3},${y + 3}L${x + 3},${y - 3}" stroke="${DEAD_LINE}" stroke-width="1.5"/>`;

/** A point outside the robust range, drawn at its edge: a triangle pointing the way it lies. */
const clipped = (x: number, y: number, below: boolean): string =>
  below
    ? `<path class="clipped" d="M${x - 4},${y - 3}L${x + 4},${y - 3}L${x},${y + 3}Z" fill="${DEAD_LINE}"/>`
    : `<path class="clipped" d="M${x - 4},${y + 3}L${x + 4},${y + 3}L${x},${y - 3}Z" fill="${DEAD_LINE}"/>`;

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
  const baseline = input.attempts.find((row) => row.role === 'baseline' && row.status === 'scored') ?? null;
  const bestRow = rows.filter((row) => row.status === 'scored' && row.score !== null && crownable(row.flags)).reduce<AttemptRow | null>((top, row) => (top === null || isBetter(row.score, top.score, direction) ? row : top), null);
  // Outliers (a crashed-but-scored attempt far below the rest) must not squash the improvement into one edge.
  const range = robustRange(scores, [baseline?.score, bestRow?.score].filter((v): v is number => v !== null && v !== undefined));
  const y = linearScale(scores.length === 0 ? Infinity : range.min, scores.length === 0 ? -Infinity : range.max, box.bottom - LANE - 4, box.top + 6, 0.04);
  const [low, high] = y.domain;
  const outside = scores.filter((score) => score < low || score > high).length;
  // Attempt ids on the best lineage's points; every point carries its id in a tooltip.
  const lineage = bestLineage({ run: input.run, nodes: input.attempts, edges: [], bestId: bestRow?.id ?? null });

  const marks: string[] = [];
  const steps: string[] = [];
  let best: number | null = null;
  rows.forEach((row, index) => {
    const px = x(index + 1);
    const scored = row.status === 'scored' && row.score !== null;
    const score = row.score ?? 0;
    const out = scored && (score < low || score > high);
    const py = y(Math.min(high, Math.max(low, score)));
    const mark = !scored ? cross(px, box.bottom - LANE / 2) : out ? clipped(px, py, score < low) : marker(row.role, px, py);
    const label = scored && lineage.has(row.id) ? `<text class="point-label" x="${px + 5}" y="${py - 5}" font-size="10" fill="#374151">${escapeXml(row.id)}</text>` : '';
    marks.push(`<g class="point" data-attempt="${escapeXml(row.id)}" data-role="${row.role}">${pointTitle(row)}${mark}${label}</g>`);
    if (scored && isBetter(row.score, best, direction)) {
      best = row.score;
      const at = y(Math.min(high, Math.max(low, best ?? 0)));
      steps.push(`${steps.length === 0 ? 'M' : 'H'}${px}${steps.length === 0 ? `,${at}` : `V${at}`}`);
    }
  });
  if (steps.length > 0) steps.push(`H${x(Math.max(1, rows.length))}`);

  const parts = [
    chartFrame(box, x, y, {
      title: `${input.run.objective.metric} over attempts (${direction})`,
      x: `attempt, in the order they finished${lineage.size > 0 ? ' · ids: the best lineage' : ''}`,
      y: input.run.objective.metric,
    }, legend(input, scores.length < rows.length)),
    ...(outside > 0 ? [`<text class="clipped-note" x="${box.right}" y="${box.top - 4}" font-size="10" text-anchor="end" fill="#6b7280">${outside} outlier${outside === 1 ? '' : 's'} outside the range, drawn at its edge as triangles</text>`] : []),
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
