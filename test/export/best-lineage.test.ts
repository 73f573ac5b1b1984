import { describe, expect, it } from 'vitest';
import { bestLineage } from '../../src/export/best-lineage.js';
import { compareAttemptIds, sortAttempts } from '../../src/core/views/node-order.js';
import { row, smallGraph } from './graph-fixtures.js';

describe('bestLineage', () => {
  it('follows parent and merge edges from the best back to the root, not informed_by', () => {
    expect([...bestLineage(smallGraph())].sort()).toEqual(['a0', 'a1', 'a10', 'a4', 'a5']);
  });

  it('is empty without a best or with an unknown best', () => {
    expect(bestLineage({ ...smallGraph(), bestId: null }).size).toBe(0);
    expect(bestLineage({ ...smallGraph(), bestId: 'a99' }).size).toBe(0);
  });

  it('uses the rows own parents when edges are missing, and survives cycles', () => {
    const graph = smallGraph();
    const lineage = bestLineage({ ...graph, edges: [{ from: 'a10', to: 'a0', kind: 'parent' }] });
    expect([...lineage].sort()).toEqual(['a0', 'a1', 'a10', 'a4', 'a5']);
  });

  it('stops at the best: descendants and side branches are left out', () => {
    const lineage = bestLineage({ ...smallGraph(), bestId: 'a4' });
    expect([...lineage].sort()).toEqual(['a0', 'a1', 'a4']);
  });
});

describe('node order', () => {
  it('sorts ids numerically within a prefix', () => {
    expect(['a10', 'a2', 'a1', 'b1', 'a', 'a02'].sort(compareAttemptIds)).toEqual(['a', 'a1', 'a02', 'a2', 'a10', 'b1']);
  });

  it('sorts attempts by wave first', () => {
    const rows = [row('a1', { wave: 2 }), row('a10', { wave: 1 }), row('a9', { wave: 1 })];
    expect(sortAttempts(rows).map((r) => r.id)).toEqual(['a9', 'a10', 'a1']);
  });
});
