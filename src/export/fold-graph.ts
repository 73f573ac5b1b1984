import type { AttemptRow, GraphEdge, GraphInput } from '../core/views/report.js';
import { compareScores, isBetter, type Direction } from '../core/domain/score.js';
import { bestLineage } from './best-lineage.js';
import { isDeadEnd } from './node-label.js';
import { compareAttemptIds, sortAttempts } from '../core/views/node-order.js';

/** Graphs with more attempts than this are folded before they are drawn. */
export const FOLD_THRESHOLD = 80;
/** A folding rule is tightened while it would still draw more attempts than this. */
const DRAW_LIMIT = 100;

/** Several attempts drawn as one box under the shown attempt their lineage starts from. */
export interface FoldedGroup {
  id: string;
  /** The shown attempt every member descends from (through first parents). */
  under: string;
  members: number;
  dead: number;
  bestScore: number | null;
}

/**
 * none: every attempt drawn; gain: attempts that beat their parent are kept; record: only
 * attempts that beat the run's best at the time they finished are kept; top: only the `topCount`
 * best-scoring attempts are kept. The baseline, the best lineage and running attempts always are.
 */
export type FoldLevel = 'none' | 'gain' | 'record' | 'top';

export interface FoldedGraph {
  input: GraphInput;
  groups: FoldedGroup[];
  level: FoldLevel;
  /** How many best-scoring attempts were kept at level `top` (0 otherwise). */
  topCount: number;
  hidden: number;
  /** informed_by edges left out because one end was folded. */
  droppedEdges: number;
}

/**
 * Attempts that beat the nearest scored attempt up their first-parent chain (an attempt that
 * repairs a failed parent must beat what that parent started from). The baseline counts as a gain.
 */
const gains = (nodes: readonly AttemptRow[], byId: ReadonlyMap<string, AttemptRow>, direction: Direction): Set<string> => {
  const reference = new Map<string, number | null>();
  const referenceOf = (start: string | undefined): number | null => {
    const path: string[] = [];
    let id = start;
    let found: number | null = null;
    while (id !== undefined && !path.includes(id)) {
      const known = reference.get(id);
      if (known !== undefined) {
        found = known;
        break;
      }
      const node = byId.get(id);
      if (node === undefined) break;
      path.push(id);
      if (node.status === 'scored' && node.score !== null) {
        found = node.score;
        break;
      }
      id = node.parents[0];
    }
    for (const step of path) reference.set(step, found);
    return found;
  };
  const ids = new Set<string>();
  for (const node of nodes) {
    if (node.status !== 'scored') continue;
    const parent = node.parents[0];
    if (parent === undefined || isBetter(node.score, referenceOf(parent), direction)) ids.add(node.id);
  }
  return ids;
};

/** Attempts that raised the run's best when they finished. */
const records = (nodes: readonly AttemptRow[], direction: Direction): Set<string> => {
  const finished = sortAttempts(nodes.filter((node) => node.status === 'scored'));
  finished.sort((a, b) => (a.finishedAt ?? Number.MAX_SAFE_INTEGER) - (b.finishedAt ?? Number.MAX_SAFE_INTEGER));
  const ids = new Set<string>();
  let best: number | null = null;
  for (const node of finished) {
    if (!isBetter(node.score, best, direction)) continue;
    ids.add(node.id);
    best = node.score;
  }
  return ids;
};

/** Lookups built once per fold: attempts by id, physical parents from the edges, what is always drawn. */
interface FoldIndex {
  byId: ReadonlyMap<string, AttemptRow>;
  physical: ReadonlyMap<string, string[]>;
  always: ReadonlySet<string>;
}

/** `seeds` and what is always drawn, plus every physical ancestor, so that what is shown stays connected. */
const withAncestors = (seeds: Iterable<string>, index: FoldIndex): Set<string> => {
  const keep = new Set<string>();
  const stack = [...index.always, ...seeds];
  while (stack.length > 0) {
    const id = stack.pop();
    if (id === undefined || keep.has(id) || !index.byId.has(id)) continue;
    keep.add(id);
    stack.push(...(index.byId.get(id)?.parents ?? []), ...(index.physical.get(id) ?? []));
  }
  return keep;
};

/** The attempts always drawn: the baseline, the best lineage and running attempts. */
const alwaysDrawn = (input: GraphInput): Set<string> => {
  const seeds = new Set(bestLineage(input));
  for (const node of input.nodes) if (node.role === 'baseline' || node.status === 'running') seeds.add(node.id);
  return seeds;
};

/**
 * The largest `count` such that the `count` best-scoring attempts, with what is always drawn and
 * all their ancestors, stay within the limit (binary search: the kept set grows with `count`).
 */
const keepTop = (input: GraphInput, index: FoldIndex, limit: number): { keep: Set<string>; count: number } => {
  const ranked = input.nodes
    .filter((node) => node.status === 'scored' && node.score !== null)
    .sort((a, b) => compareScores(input.run.objective.direction)(a.score, b.score) || compareAttemptIds(a.id, b.id))
    .map((node) => node.id);
  const keptWith = (count: number): Set<string> => withAncestors(ranked.slice(0, count), index);
  let low = 0;
  let high = ranked.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (keptWith(mid).size <= limit) low = mid;
    else high = mid - 1;
  }
  return { keep: keptWith(low), count: low };
};

/** The nearest shown attempt up the first-parent chain of `id` (memoized in `cache`). */
const anchorOf = (id: string, keep: ReadonlySet<string>, byId: ReadonlyMap<string, AttemptRow>, cache: Map<string, string | null>): string | null => {
  const path: string[] = [];
  let current: string | undefined = id;
  let anchor: string | null = null;
  while (current !== undefined) {
    if (keep.has(current)) {
      anchor = current;
      break;
    }
    const cached = cache.get(current);
    if (cached !== undefined) {
      anchor = cached;
      break;
    }
    path.push(current);
    current = byId.get(current)?.parents[0];
  }
  for (const step of path) cache.set(step, anchor);
  return anchor;
};

/**
 * Folds a large graph so that it stays readable: the baseline, the best lineage, running attempts
 * and attempts that gained over their parent are drawn with their ancestors (while that is over
 * 100 attempts, only the run's new bests, then only as many best-scoring attempts as fit); every other
 * attempt goes into one grey folder per drawn attempt its first-parent chain leads back to.
 * Graphs of up to `threshold` attempts are returned whole.
 */
export const foldGraph = (input: GraphInput, threshold = FOLD_THRESHOLD): FoldedGraph => {
  if (input.nodes.length <= threshold) return { input, groups: [], level: 'none', topCount: 0, hidden: 0, droppedEdges: 0 };
  const byId = new Map(input.nodes.map((node) => [node.id, node]));
  const direction = input.run.objective.direction;
  let level: Exclude<FoldLevel, 'none'> = 'gain';
  let topCount = 0;
  const physical = new Map<string, string[]>();
  for (const edge of input.edges) {
    if (edge.kind === 'informed_by') continue;
    const list = physical.get(edge.to);
    if (list) list.push(edge.from);
    else physical.set(edge.to, [edge.from]);
  }
  const index: FoldIndex = { byId, physical, always: alwaysDrawn(input) };
  let keep = withAncestors(gains(input.nodes, byId, direction), index);
  if (keep.size > DRAW_LIMIT) {
    level = 'record';
    keep = withAncestors(records(input.nodes, direction), index);
  }
  if (keep.size > DRAW_LIMIT) {
    level = 'top';
    ({ keep, count: topCount } = keepTop(input, index, DRAW_LIMIT));
  }

  const cache = new Map<string, string | null>();
  const groups = new Map<string, FoldedGroup>();
  for (const node of sortAttempts(input.nodes)) {
    if (keep.has(node.id)) continue;
    const under = anchorOf(node.id, keep, byId, cache);
    if (under === null) continue;
    const group = groups.get(under) ?? { id: `fold:${under}`, under, members: 0, dead: 0, bestScore: null };
    group.members += 1;
    if (isDeadEnd(node)) group.dead += 1;
    if (node.status === 'scored' && isBetter(node.score, group.bestScore, direction)) group.bestScore = node.score;
    groups.set(under, group);
  }

  const edges: GraphEdge[] = input.edges.filter((edge) => keep.has(edge.from) && keep.has(edge.to));
  const droppedEdges = input.edges.filter((edge) => edge.kind === 'informed_by').length - edges.filter((edge) => edge.kind === 'informed_by').length;
  const nodes = input.nodes.filter((node) => keep.has(node.id));
  return {
    input: { ...input, nodes, edges },
    groups: [...groups.values()],
    level,
    topCount,
    hidden: input.nodes.length - nodes.length,
    droppedEdges,
  };
};
