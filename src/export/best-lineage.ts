import type { GraphInput } from '../core/views/report.js';

/**
 * Ids on the physical ancestry of the best attempt, the best included: everything reachable from
 * `bestId` through `parent` and `merge` edges (a merge node has several physical parents, and git
 * history holds them all) and through each row's own `parents` list. `informed_by` is provenance
 * of ideas, not of code, so it is not followed. Only ids that are nodes of the graph are returned;
 * empty when there is no best.
 */
export const bestLineage = (input: GraphInput): Set<string> => {
  const lineage = new Set<string>();
  if (input.bestId === null) return lineage;
  const known = new Map(input.nodes.map((node) => [node.id, node]));
  if (!known.has(input.bestId)) return lineage;

  const parentsOf = new Map<string, string[]>();
  const addParent = (child: string, parent: string): void => {
    const list = parentsOf.get(child);
    if (list) list.push(parent);
    else parentsOf.set(child, [parent]);
  };
  for (const edge of input.edges) {
    if (edge.kind !== 'informed_by') addParent(edge.to, edge.from);
  }
  for (const node of input.nodes) {
    for (const parent of node.parents) addParent(node.id, parent);
  }

  const stack = [input.bestId];
  while (stack.length > 0) {
    const id = stack.pop();
    if (id === undefined || lineage.has(id) || !known.has(id)) continue;
    lineage.add(id);
    for (const parent of parentsOf.get(id) ?? []) stack.push(parent);
  }
  return lineage;
};
