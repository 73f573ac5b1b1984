import type { AttemptRow, GraphEdge, GraphInput } from '../core/report.js';
import type { Role } from '../core/types.js';
import { bestLineage } from './best-lineage.js';
import { isDeadEnd, nodeLabelLines, nodeTooltip } from './node-label.js';
import { sortAttempts, sortEdges } from './node-order.js';

const ROLE_STYLE: Record<Role, { shape: string; fill: string }> = {
  baseline: { shape: 'box', fill: '#dbeafe' },
  explorer: { shape: 'ellipse', fill: '#fef3c7' },
  optimizer: { shape: 'hexagon', fill: '#dcfce7' },
};

const LINEAGE_COLOR = '#b45309';
const BEST_FILL = '#fde047';
const DEAD_FILL = '#f3f4f6';
const DEAD_LINE = '#9ca3af';

const EDGE_STYLE: Record<GraphEdge['kind'], string> = {
  parent: 'style=solid',
  merge: 'style=bold',
  informed_by: 'style=dashed, color="#6b7280", constraint=false',
};

/**
 * Escapes text for a double-quoted DOT string. Backslashes are doubled so that user text can never
 * form a DOT escape (`\N`, `\G`, `\l`); line breaks become the `\n` label escape.
 */
export const dotString = (text: string): string =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n?|\n/g, '\\n')}"`;

const nodeStatement = (node: AttemptRow, lineage: ReadonlySet<string>, bestId: string | null): string => {
  const role = ROLE_STYLE[node.role];
  const label = nodeLabelLines(node).map((line) => dotString(line).slice(1, -1)).join('\\n');
  const attrs = [`label="${label}"`, `shape=${role.shape}`];
  const styles = ['filled'];
  if (isDeadEnd(node)) {
    styles.push('dashed');
    attrs.push(`fillcolor="${DEAD_FILL}"`, `color="${DEAD_LINE}"`, `fontcolor="${DEAD_LINE}"`);
  } else if (node.id === bestId) {
    styles.push('bold');
    attrs.push(`fillcolor="${BEST_FILL}"`, `color="${LINEAGE_COLOR}"`, 'penwidth=3');
  } else {
    attrs.push(`fillcolor="${role.fill}"`);
    if (lineage.has(node.id)) {
      styles.push('bold');
      attrs.push(`color="${LINEAGE_COLOR}"`, 'penwidth=2');
    }
  }
  if (node.status === 'running') styles.push('dotted');
  attrs.push(`style="${styles.join(',')}"`);
  const tooltip = nodeTooltip(node);
  if (tooltip !== '') attrs.push(`tooltip=${dotString(tooltip)}`);
  return `  ${dotString(node.id)} [${attrs.join(', ')}];`;
};

const edgeStatement = (edge: GraphEdge, lineage: ReadonlySet<string>): string => {
  const onLineage = edge.kind !== 'informed_by' && lineage.has(edge.from) && lineage.has(edge.to);
  const attrs = onLineage ? `${EDGE_STYLE[edge.kind]}, color="${LINEAGE_COLOR}", penwidth=2.5` : EDGE_STYLE[edge.kind];
  return `  ${dotString(edge.from)} -> ${dotString(edge.to)} [${attrs}];`;
};

/**
 * The graph as a Graphviz digraph (top to bottom): one node per attempt, shaped by role, the best
 * attempt's lineage drawn bold, dead ends greyed and dashed, edges styled by kind.
 */
export const graphToDot = (input: GraphInput): string => {
  const lineage = bestLineage(input);
  const { id, objective, description } = input.run;
  const title = `${id} · ${objective.metric} (${objective.direction})${description ? ` · ${description}` : ''}`;
  const lines = [
    `digraph ${dotString(`swarm ${id}`)} {`,
    `  graph [rankdir=TB, labelloc=t, fontname="Helvetica", label=${dotString(title)}];`,
    '  node [fontname="Helvetica", fontsize=10];',
    '  edge [arrowsize=0.7];',
  ];
  const nodes = sortAttempts(input.nodes);
  for (const node of nodes) lines.push(nodeStatement(node, lineage, input.bestId));
  for (const edge of sortEdges(input.edges, nodes)) lines.push(edgeStatement(edge, lineage));
  lines.push('}');
  return `${lines.join('\n')}\n`;
};
