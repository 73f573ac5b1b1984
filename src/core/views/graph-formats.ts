/** The text formats of `swarm graph`, rendered synchronously without any drawing library. */
export const TEXT_GRAPH_FORMATS = ['json', 'dot', 'mermaid'] as const;
export type TextGraphFormat = (typeof TEXT_GRAPH_FORMATS)[number];

/** The graph formats `swarm graph --format` accepts; svg, png and html are drawn pictures. */
export const GRAPH_FORMATS = [...TEXT_GRAPH_FORMATS, 'svg', 'png', 'html'] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** True when `value` names a supported graph format (for validating `--format`). */
export const isGraphFormat = (value: string): value is GraphFormat =>
  (GRAPH_FORMATS as readonly string[]).includes(value);
