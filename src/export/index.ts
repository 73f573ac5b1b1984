import type { GraphInput } from '../core/report.js';
import { graphToDot } from './graph-dot.js';
import { graphToJson } from './graph-json.js';
import { graphToMermaid } from './graph-mermaid.js';

export { bestLineage } from './best-lineage.js';
export { graphToDot } from './graph-dot.js';
export { graphToJson } from './graph-json.js';
export { graphToMermaid } from './graph-mermaid.js';

/** The graph formats `swarm graph --format` accepts. */
export const GRAPH_FORMATS = ['json', 'dot', 'mermaid'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** True when `value` names a supported graph format (for validating `--format`). */
export const isGraphFormat = (value: string): value is GraphFormat =>
  (GRAPH_FORMATS as readonly string[]).includes(value);

/** Renders a run's attempt graph in the chosen format; pure, the caller writes the text. */
export const renderGraph = (input: GraphInput, format: GraphFormat): string => {
  switch (format) {
    case 'json':
      return graphToJson(input);
    case 'dot':
      return graphToDot(input);
    case 'mermaid':
      return graphToMermaid(input);
  }
};
