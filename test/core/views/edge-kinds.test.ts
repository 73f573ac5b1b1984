import { describe, expect, it } from 'vitest';
import type { AttemptRow, GraphInput } from '../../../src/core/views/report.js';
import { parseEdgeKinds, withEdgeKinds } from '../../../src/core/views/edge-kinds.js';

const graphOf = (count: number): GraphInput => ({
  run: { id: 'r1', description: '', objective: { metric: 'score', direction: 'maximize' } },
  // Only the ids matter to the edge filter.
  nodes: Array.from({ length: count }, (_, i) => ({ id: `a${i + 1}` }) as unknown as AttemptRow),
  edges: [
    { from: 'a1', to: 'a2', kind: 'parent' },
    { from: 'a2', to: 'a3', kind: 'merge' },
    { from: 'a1', to: 'a3', kind: 'informed_by' },
  ],
  bestId: null,
});

describe('edge kinds of a picture', () => {
  it('draws every kind up to 20 attempts, and leaves informed-by out past 20 unless asked', () => {
    expect(withEdgeKinds(graphOf(20), null).graph.edges).toHaveLength(3);
    const big = withEdgeKinds(graphOf(21), null);
    expect(big.graph.edges.map((e) => e.kind)).toEqual(['parent', 'merge']);
    expect(big.hidden).toEqual(['informed_by']);
    expect(withEdgeKinds(graphOf(21), ['parent', 'informed_by']).graph.edges.map((e) => e.kind)).toEqual(['parent', 'informed_by']);
  });

  it('parses --edges names, and refuses unknown ones naming the choices', () => {
    expect(parseEdgeKinds('parent,merge,informed')).toEqual(['parent', 'merge', 'informed_by']);
    expect(parseEdgeKinds('parent')).toEqual(['parent']);
    expect(() => parseEdgeKinds('parent,friends')).toThrow('"friends" is not one of parent, merge, informed');
  });
});
