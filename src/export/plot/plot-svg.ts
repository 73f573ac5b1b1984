import { FONT_FAMILY, svgText } from '../svg-text.js';
import type { PlotInput } from './plot-input.js';
import { scorePlot } from './score-plot.js';
import { usagePlots } from './usage-plot.js';

const WIDTH = 760;
const MARGIN = 16;

/** The plots of a run without the document around them, for a report page. */
export const plotsBody = (input: PlotInput): { svg: string; height: number; note: string | null } => {
  const usage = usagePlots(input, WIDTH);
  const score = scorePlot(input, WIDTH);
  const note = usage.height === 0 ? 'The backends reported no cost or tokens (the local agent reports none), so only the score is plotted.' : null;
  return { svg: `${score}\n<g transform="translate(0,340)">${usage.svg}</g>`, height: 340 + usage.height, note };
};

/** `swarm plot`: the score plot, then cost and tokens over time when reported, as one SVG document. */
export const renderPlotSvg = (input: PlotInput): string => {
  const body = plotsBody(input);
  const header = `swarm run ${input.run.id} · objective: ${input.run.objective.direction} ${input.run.objective.metric}`;
  const top = body.note === null ? 34 : 52;
  const width = WIDTH + 2 * MARGIN;
  const height = top + body.height + 2 * MARGIN;
  const parts = [svgText(0, 16, header, { 'font-size': 15, 'font-weight': 'bold' })];
  if (body.note !== null) parts.push(svgText(0, 36, body.note, { 'font-size': 11, fill: '#4b5563' }));
  parts.push(`<g transform="translate(0,${top})">${body.svg}</g>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<g transform="translate(${MARGIN},${MARGIN})">${parts.join('\n')}</g>`,
    '</svg>',
    '',
  ].join('\n');
};
