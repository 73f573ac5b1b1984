import { SwarmError } from '../domain/errors.js';
import type { GraphInput } from './report.js';
import type { EdgeKind } from '../domain/types.js';

/** What `--edges` accepts: the stored kind `informed_by` is spelled `informed` there. */
const NAMES: Record<string, EdgeKind> = { parent: 'parent', merge: 'merge', informed: 'informed_by', informed_by: 'informed_by' };

/** Past this many attempts informed-by edges are left out unless asked for: they turn the tree into a hairball. */
export const INFORMED_EDGES_UP_TO = 20;

/** Parses `--edges parent,merge,informed`; a name it does not know is a usage error naming the choices. */
export const parseEdgeKinds = (value: string): EdgeKind[] => {
  const kinds = value.split(',').map((name) => name.trim()).filter((name) => name !== '').map((name) => {
    const kind = NAMES[name];
    if (kind === undefined) throw new SwarmError('USAGE', `--edges ${value}: "${name}" is not one of parent, merge, informed`);
    return kind;
  });
  if (kinds.length === 0) throw new SwarmError('USAGE', '--edges needs at least one of parent, merge, informed');
  return [...new Set(kinds)];
};

/**
 * The edge kinds a picture draws: those asked for, else every kind, informed-by only up to
 * INFORMED_EDGES_UP_TO attempts. Returns the graph with only those edges, and what it left out.
 */
export const withEdgeKinds = (input: GraphInput, asked: EdgeKind[] | null): { graph: GraphInput; hidden: EdgeKind[] } => {
  const kinds: EdgeKind[] = asked ?? (input.nodes.length > INFORMED_EDGES_UP_TO ? ['parent', 'merge'] : ['parent', 'merge', 'informed_by']);
  const hidden = [...new Set(input.edges.map((edge) => edge.kind).filter((kind) => !kinds.includes(kind)))];
  return { graph: { ...input, edges: input.edges.filter((edge) => kinds.includes(edge.kind)) }, hidden };
};
