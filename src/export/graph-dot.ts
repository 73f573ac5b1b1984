import type { AttemptRow, GraphEdge, GraphInput } from '../core/views/report.js';
import { formatScore } from '../core/domain/score.js';
import { bestLineage } from './best-lineage.js';
import type { FoldedGroup } from './fold-graph.js';
import { BEST_FILL, DEAD_FILL, DEAD_LINE, INFORMED_COLOR, LINEAGE_COLOR, ROLE_STYLE } from './graph-style.js';
import { isDeadEnd, nodeLabelLines, nodeTooltip } from './node-label.js';
import { sortAttempts, sortEdges } from '../core/views/node-order.js';

const EDGE_STYLE: Record<GraphEdge['kind'], string> = {
  parent: 'style=solid',
  merge: 'style=bold',
  informed_by: `style=dashed, color="${INFORMED_COLOR}", constraint=false`,
};

/**
 * Escapes text for a double-quoted DOT string. Backslashes are doubled so that user text can never
 * form a DOT escape (`\N`, `\G`, `\l`); line breaks become the `\n` label escape.
 */
export const dotString = (text: string): string =>
  `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n?|\n/g, '\\n')}"`;

const nodeStatement = (node: AttemptRow, lineage: ReadonlySet<string>, bestId: string | null, front: ReadonlySet<string>): string => {
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
  // A member of the Pareto front has a double outline.
  if (front.has(node.id)) attrs.push('peripheries=2');
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

/** Label of a folded group: how many attempts, how many dead ends, the best score among them. */
export const foldLabelLines = (group: FoldedGroup): string[] => {
  const lines = [`+${group.members} attempt${group.members === 1 ? '' : 's'}`, `best ${formatScore(group.bestScore)}`];
  if (group.dead > 0) lines.push(`${group.dead} not scored`);
  return lines;
};

const foldNode = (group: FoldedGroup): string =>
  `  ${dotString(group.id)} [label=${dotString(foldLabelLines(group).join('\n'))}, shape=folder, style="filled,dashed", fillcolor="${DEAD_FILL}", color="${DEAD_LINE}", fontcolor="#4b5563"];`;

/** A folder's node (unless drawn in its island's cluster) and its edge from the attempt it hangs under. */
const foldStatements = (group: FoldedGroup, inCluster: boolean): string[] => [
  ...(inCluster ? [] : [foldNode(group)]),
  `  ${dotString(group.under)} -> ${dotString(group.id)} [style=dotted, color="${DEAD_LINE}", arrowhead=none];`,
];

/** The drawn attempts of each island (islands in order, empty ones left out) and which attempts those are. */
const islandClusters = (nodes: readonly AttemptRow[], islands: Readonly<Record<string, number>> | undefined): { islands: Map<number, AttemptRow[]>; clustered: Set<string> } => {
  const byIsland = new Map<number, AttemptRow[]>();
  const clustered = new Set<string>();
  if (islands === undefined) return { islands: byIsland, clustered };
  for (const node of nodes) {
    const island = islands[node.id];
    if (island === undefined) continue;
    byIsland.set(island, [...(byIsland.get(island) ?? []), node]);
    clustered.add(node.id);
  }
  return { islands: new Map([...byIsland].sort(([a], [b]) => a - b)), clustered };
};

export interface DotOptions {
  /** Put the run's id, objective and description on top (default true; pictures draw their own header). */
  title?: boolean;
  /** Folded groups to draw as grey folders under their shown attempt (see `foldGraph`). */
  groups?: readonly FoldedGroup[];
}

/**
 * The graph as a Graphviz digraph (top to bottom): one node per attempt, shaped by role, the best
 * attempt's lineage drawn bold, dead ends greyed and dashed, edges styled by kind. Of an `evolve`
 * run each island's attempts are drawn in a labelled cluster ("island 1", ...); the baseline, which
 * seeds every island, stays outside them.
 */
export const graphToDot = (input: GraphInput, options: DotOptions = {}): string => {
  const lineage = bestLineage(input);
  const { id, objective, description } = input.run;
  const title = `${id} · ${objective.metric} (${objective.direction})${description ? ` · ${description}` : ''}`;
  const lines = [
    `digraph ${dotString(`swarm ${id}`)} {`,
    options.title === false
      ? '  graph [rankdir=TB, fontname="Helvetica"];'
      : `  graph [rankdir=TB, labelloc=t, fontname="Helvetica", label=${dotString(title)}];`,
    '  node [fontname="Helvetica", fontsize=10];',
    '  edge [arrowsize=0.7];',
  ];
  const nodes = sortAttempts(input.nodes);
  const front = new Set(input.front ?? []);
  const clusters = islandClusters(nodes, input.islands);
  for (const node of nodes) if (!clusters.clustered.has(node.id)) lines.push(nodeStatement(node, lineage, input.bestId, front));
  for (const [island, members] of clusters.islands) {
    lines.push(`  subgraph ${dotString(`cluster_island_${island + 1}`)} {`);
    lines.push(`    graph [label=${dotString(`island ${island + 1}`)}, labeljust=l, fontsize=11, style="rounded,dashed", color="${DEAD_LINE}"];`);
    for (const node of members) lines.push(`  ${nodeStatement(node, lineage, input.bestId, front)}`);
    // A folder holds descendants of its attempt, which share its island.
    for (const group of options.groups ?? []) if (input.islands?.[group.under] === island) lines.push(`  ${foldNode(group)}`);
    lines.push('  }');
  }
  for (const edge of sortEdges(input.edges, nodes)) lines.push(edgeStatement(edge, lineage));
  for (const group of options.groups ?? []) lines.push(...foldStatements(group, clusters.clustered.has(group.under)));
  lines.push('}');
  return `${lines.join('\n')}\n`;
};
