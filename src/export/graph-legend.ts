import type { FoldedGraph } from './fold-graph.js';
import { BEST_FILL, DEAD_FILL, DEAD_LINE, INFORMED_COLOR, LINEAGE_COLOR, ROLE_STYLE } from './graph-style.js';
import { escapeXml, svgText, textWidth } from './svg-text.js';

const FONT = 11;
const GLYPH_W = 34;
const ROW_H = 26;
const GAP = 18;

interface LegendItem {
  label: string;
  /** SVG drawn in a GLYPH_W x GLYPH_H box whose top-left corner is the origin. */
  glyph: string;
}

const stroke = (color: string, width = 1, dash?: string): string =>
  `stroke="${color}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''}`;

const box = (fill: string, line: string): string => `<rect x="2" y="2" width="30" height="14" fill="${fill}" ${line}/>`;
const ellipse = (fill: string, line: string): string => `<ellipse cx="17" cy="9" rx="15" ry="7" fill="${fill}" ${line}/>`;
const hexagon = (fill: string, line: string): string => `<polygon points="2,9 9,2 25,2 32,9 25,16 9,16" fill="${fill}" ${line}/>`;
const edge = (line: string, color: string): string =>
  `<line x1="1" y1="9" x2="26" y2="9" ${line}/><polygon points="26,5 33,9 26,13" fill="${color}"/>`;

const nodeItems = (): LegendItem[] => [
  { label: 'baseline', glyph: box(ROLE_STYLE.baseline.fill, stroke('black')) },
  { label: 'explorer', glyph: ellipse(ROLE_STYLE.explorer.fill, stroke('black')) },
  { label: 'optimizer', glyph: hexagon(ROLE_STYLE.optimizer.fill, stroke('black')) },
  { label: 'best attempt', glyph: ellipse(BEST_FILL, stroke(LINEAGE_COLOR, 3)) },
  { label: 'best lineage', glyph: ellipse(ROLE_STYLE.explorer.fill, stroke(LINEAGE_COLOR, 2)) },
  { label: 'failed / invalid / interrupted', glyph: ellipse(DEAD_FILL, stroke(DEAD_LINE, 1, '4 2')) },
  { label: 'running', glyph: ellipse(ROLE_STYLE.explorer.fill, stroke('black', 1, '1 2')) },
  { label: 'audit flags', glyph: svgText(17, 13, '[flag]', { 'font-size': 9, 'text-anchor': 'middle' }) },
];

const edgeItems = (): LegendItem[] => [
  { label: 'parent', glyph: edge(stroke('black'), 'black') },
  { label: 'merge', glyph: edge(stroke('black', 2.5), 'black') },
  { label: 'informed by', glyph: edge(stroke(INFORMED_COLOR, 1, '4 3'), INFORMED_COLOR) },
  { label: 'on the best lineage', glyph: edge(stroke(LINEAGE_COLOR, 2.5), LINEAGE_COLOR) },
];

const foldItem = (): LegendItem => ({
  label: 'folded attempts',
  glyph: `<path d="M2,4 h10 l3,-2 h17 v14 h-30 z" fill="${DEAD_FILL}" ${stroke(DEAD_LINE, 1, '4 2')}/>`,
});

/** One sentence saying what was folded and how, or null when every attempt is drawn. */
export const foldNote = (folded: FoldedGraph, total: number): string | null => {
  if (folded.level === 'none') return null;
  const rule = {
    gain: 'attempts that did not beat their parent',
    record: 'attempts that never raised the run\u2019s best',
    top: `attempts outside the ${folded.topCount} best-scoring ones`,
  }[folded.level];
  const shown = total - folded.hidden;
  const dropped = folded.droppedEdges > 0 ? `; ${folded.droppedEdges} informed-by edges touching folded attempts are left out` : '';
  return (
    `${shown} of ${total} attempts drawn: ${rule} are folded, with everything below them, into one grey folder ` +
    `under the drawn attempt they descend from (its label counts them and gives their best score); the baseline, ` +
    `the best lineage, running attempts and their ancestors are always drawn${dropped}.`
  );
};

const itemWidth = (item: LegendItem): number => GLYPH_W + 6 + textWidth(item.label, FONT) + GAP;

/** Places items left to right, wrapping at `width`; returns the SVG and the height used. */
const flow = (title: string, items: readonly LegendItem[], width: number, top: number): { svg: string; height: number } => {
  const parts: string[] = [svgText(0, top + 13, title, { 'font-size': FONT, 'font-weight': 'bold' })];
  let x = 90;
  let y = top;
  for (const item of items) {
    const w = itemWidth(item);
    if (x + w > width && x > 90) {
      x = 90;
      y += ROW_H;
    }
    parts.push(`<g transform="translate(${x},${y})">${item.glyph}${svgText(GLYPH_W + 6, 13, item.label, { 'font-size': FONT })}</g>`);
    x += w;
  }
  return { svg: parts.join(''), height: y - top + ROW_H };
};

/** Wraps a long sentence into lines of at most `width` px. */
export const wrapText = (text: string, width: number, fontSize: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (textWidth(next, fontSize) > width && line !== '') {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
};

/**
 * The legend drawn above a tree: node kinds, edge kinds and, for a folded graph, the folder and a
 * sentence saying how attempts were folded. Returns a `<g class="legend">` and its height.
 */
export const renderLegend = (folded: FoldedGraph, total: number, width: number): { svg: string; height: number } => {
  const nodes = flow('attempts', folded.level === 'none' ? nodeItems() : [...nodeItems(), foldItem()], width, 0);
  const edges = flow('edges', edgeItems(), width, nodes.height);
  let height = nodes.height + edges.height;
  const parts = [nodes.svg, edges.svg];
  const note = foldNote(folded, total);
  if (note !== null) {
    for (const line of wrapText(note, width, FONT)) {
      parts.push(svgText(0, height + 12, line, { 'font-size': FONT, fill: '#374151' }));
      height += 15;
    }
    height += 6;
  }
  return { svg: `<g class="legend" aria-label="${escapeXml('legend')}">${parts.join('')}</g>`, height };
};
