import type { GraphInput } from '../core/views/report.js';
import type { GraphFormat, TextGraphFormat } from '../core/views/graph-formats.js';
import { graphToDot } from './graph-dot.js';
import { graphToJson } from './graph-json.js';
import { graphToMermaid } from './graph-mermaid.js';

export { bestLineage } from './best-lineage.js';
export { graphToDot } from './graph-dot.js';
export { graphToJson } from './graph-json.js';
export { graphToMermaid } from './graph-mermaid.js';

export { TEXT_GRAPH_FORMATS, GRAPH_FORMATS, isGraphFormat, type TextGraphFormat, type GraphFormat } from '../core/views/graph-formats.js';

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
