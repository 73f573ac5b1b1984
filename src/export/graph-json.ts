import type { GraphInput } from '../core/views/report.js';
import { bestLineage } from './best-lineage.js';
import { sortAttempts, sortEdges } from '../core/views/node-order.js';

/**
 * The graph as pretty-printed JSON: `{ run, bestId, bestLineage, front?, nodes, edges }` (front: the Pareto front, with several objectives), nodes by wave
 * then id, edges by child then parent then kind, so that two exports of one run diff cleanly.
 */
export const graphToJson = (input: GraphInput): string => {
  const nodes = sortAttempts(input.nodes);
  const lineage = bestLineage(input);
  const document = {
    run: input.run,
    bestId: input.bestId,
    bestLineage: nodes.filter((node) => lineage.has(node.id)).map((node) => node.id),
    ...((input.front ?? []).length > 0 ? { front: input.front } : {}),
    nodes,
    edges: sortEdges(input.edges, nodes),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
};
