import type { GraphInput } from '../core/report.js';
import { graphToDot } from './graph-dot.js';
import { graphToJson } from './graph-json.js';
import { graphToMermaid } from './graph-mermaid.js';

export { bestLineage } from './best-lineage.js';
export { graphToDot } from './graph-dot.js';
export { graphToJson } from './graph-json.js';
export { graphToMermaid } from './graph-mermaid.js';

/** The text formats of `swarm graph`, rendered synchronously without any drawing library. */
export const TEXT_GRAPH_FORMATS = ['json', 'dot', 'mermaid'] as const;
export type TextGraphFormat = (typeof TEXT_GRAPH_FORMATS)[number];

/** The graph formats `swarm graph --format` accepts; svg, png and html are drawn pictures. */
export const GRAPH_FORMATS = [...TEXT_GRAPH_FORMATS, 'svg', 'png', 'html'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** True when `value` names a supported graph format (for validating `--format`). */
export const isGraphFormat = (value: string): value is GraphFormat =>
  (GRAPH_FORMATS as readonly string[]).includes(value);

/** Renders a run's attempt graph in a text format; pure, the caller writes the text. */
export const renderGraph = (input: GraphInput, format: TextGraphFormat): string => {
  switch (format) {
    case 'json':
      return graphToJson(input);
    case 'dot':
      return graphToDot(input);
    case 'mermaid':
      return graphToMermaid(input);
  }
};

/**
 * Renders the graph in any format: text formats as `renderGraph`, pictures through Graphviz (svg),
 * resvg (png) or as a self-contained page (html). The drawing modules load only when asked for.
 */
export const renderGraphAnyFormat = async (input: GraphInput, format: GraphFormat): Promise<string | Buffer> => {
  switch (format) {
    case 'svg':
      return (await import('./tree-svg.js')).renderTreeSvg(input);
    case 'png': {
      const svg = await (await import('./tree-svg.js')).renderTreeSvg(input);
      return (await import('./svg-to-png.js')).svgToPng(svg);
    }
    case 'html':
      return (await import('./tree-page.js')).renderTreePage(input);
    default:
      return renderGraph(input, format);
  }
};
