import type { AttemptRow, GraphEdge } from './report.js';

const ID_PATTERN = /^(.*?)(\d+)$/;

/**
 * Orders attempt ids naturally: `a2` before `a10`; ids without a trailing number sort by text
 * before numbered ids that share their prefix.
 */
export const compareAttemptIds = (a: string, b: string): number => {
  const ma = ID_PATTERN.exec(a);
  const mb = ID_PATTERN.exec(b);
  if (ma && mb && ma[1] === mb[1]) {
    const diff = Number(ma[2]) - Number(mb[2]);
    if (diff !== 0) return diff;
  }
  const pa = ma?.[1] ?? a;
  const pb = mb?.[1] ?? b;
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (!ma !== !mb) return ma ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Attempts in stable report order: by wave, then by id (naturally). Returns a new array. */
export const sortAttempts = <T extends Pick<AttemptRow, 'id' | 'wave'>>(rows: readonly T[]): T[] =>
  [...rows].sort((x, y) => x.wave - y.wave || compareAttemptIds(x.id, y.id));

const EDGE_KIND_ORDER: Record<GraphEdge['kind'], number> = { parent: 0, merge: 1, informed_by: 2 };

/** Edges in stable order: by child, then parent (in `sortedNodes` order), then kind. Returns a new array. */
export const sortEdges = (edges: readonly GraphEdge[], sortedNodes: readonly Pick<AttemptRow, 'id'>[]): GraphEdge[] => {
  const position = new Map(sortedNodes.map((node, index) => [node.id, index]));
  const rank = (id: string): number => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...edges].sort(
    (a, b) =>
      rank(a.to) - rank(b.to) ||
      compareAttemptIds(a.to, b.to) ||
      rank(a.from) - rank(b.from) ||
      compareAttemptIds(a.from, b.from) ||
      EDGE_KIND_ORDER[a.kind] - EDGE_KIND_ORDER[b.kind],
  );
};
