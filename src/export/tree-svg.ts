import type { GraphInput } from '../core/views/report.js';
import { formatScore } from '../core/domain/score.js';
import { foldGraph } from './fold-graph.js';
import { graphToDot } from './graph-dot.js';
import { renderLegend, wrapText } from './graph-legend.js';
import { layoutDot } from './layout-dot.js';
import { FONT_FAMILY, svgText } from './svg-text.js';

const MARGIN = 16;
const MIN_WIDTH = 760;

/** The header lines: run and objective, the description, and what the tree holds. */
const headerLines = (input: GraphInput): { title: string; description: string; summary: string } => {
  const { id, objective, description } = input.run;
  const best = input.nodes.find((node) => node.id === input.bestId) ?? null;
  const baseline = input.nodes.find((node) => node.role === 'baseline') ?? null;
  const dead = input.nodes.filter((node) => node.status === 'failed' || node.status === 'invalid' || node.status === 'interrupted').length;
  const running = input.nodes.filter((node) => node.status === 'running').length;
  const searched = input.nodes.filter((node) => node.role !== 'baseline').length;
  const summary = [
    `${searched} attempts${baseline ? ' + the baseline' : ''}`,
    best ? `best ${best.id} = ${formatScore(best.score)}` : 'no scored attempt yet',
    baseline ? `baseline ${formatScore(baseline.score)}` : null,
    dead > 0 ? `${dead} failed/invalid/interrupted` : null,
    running > 0 ? `${running} running` : null,
  ].filter((part): part is string => part !== null);
  return {
    title: `swarm run ${id} · objective: ${objective.direction} ${objective.metric}`,
    description: description.trim(),
    summary: summary.join(' · '),
  };
};

/**
 * The evolution tree as a standalone SVG: a header (run, objective, description, counts), a
 * legend, then the tree laid out by Graphviz. Graphs over 80 attempts are folded (`foldGraph`)
 * and the legend says how.
 */
export const renderTreeSvg = async (input: GraphInput): Promise<string> => {
  const folded = foldGraph(input);
  const graph = await layoutDot(graphToDot(folded.input, { title: false, groups: folded.groups }));
  const width = Math.max(MIN_WIDTH, Math.ceil(graph.width)) + 2 * MARGIN;
  const inner = width - 2 * MARGIN;
  const header = headerLines(input);

  const parts: string[] = [svgText(0, 18, header.title, { 'font-size': 17, 'font-weight': 'bold' })];
  let y = 26;
  for (const line of header.description === '' ? [] : wrapText(header.description, inner, 13).slice(0, 3)) {
    parts.push(svgText(0, y + 14, line, { 'font-size': 13, fill: '#374151' }));
    y += 18;
  }
  parts.push(svgText(0, y + 16, header.summary, { 'font-size': 12, fill: '#374151' }));
  y += 30;
  const legend = renderLegend(folded, input.nodes.length, inner);
  parts.push(`<g transform="translate(0,${y})">${legend.svg}</g>`);
  y += legend.height + 10;
  parts.push(`<line x1="0" y1="${y}" x2="${inner}" y2="${y}" stroke="#e5e7eb"/>`);
  y += 8;
  parts.push(`<g class="tree" transform="translate(0,${y})">${graph.body}</g>`);
  const height = Math.ceil(y + graph.height) + 2 * MARGIN;

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<g transform="translate(${MARGIN},${MARGIN})">${parts.join('\n')}</g>`,
    '</svg>',
    '',
  ].join('\n');
};
