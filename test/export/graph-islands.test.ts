import { describe, expect, it } from 'vitest';
import type { GraphInput } from '../../src/core/views/report.js';
import { assignIslands } from '../../src/core/planning/policies/program-database.js';
import { graphToDot } from '../../src/export/index.js';
import { foldGraph } from '../../src/export/fold-graph.js';
import { renderTreeSvg } from '../../src/export/tree-svg.js';
import { bigGraph, smallGraph } from './graph-fixtures.js';
import { countClass, expectValidXml } from './svg-checks.js';

/** The graph with the islands `assignIslands` gives its attempts (id order stands for creation order). */
const withIslands = (graph: GraphInput, count: number): GraphInput => {
  const ordered = [...graph.nodes].sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  return { ...graph, islands: Object.fromEntries(assignIslands(ordered, count)) };
};

describe('islands as clusters in the DOT', () => {
  it('leaves a graph without islands exactly as it was', () => {
    const graph = smallGraph();
    expect(graphToDot({ ...graph, islands: undefined })).toBe(graphToDot(graph));
    expect(graphToDot(graph)).not.toContain('subgraph');
  });

  it('draws one labelled cluster per island holding its attempts, the baseline outside', () => {
    const graph = withIslands(smallGraph(), 2);
    // Families in order: a1 (island 1), a2 (2), a3 (1), a5 (2), a9 (1); a4 follows a1, a10 and a11 follow a4.
    expect(graph.islands).toEqual({ a1: 0, a2: 1, a3: 0, a4: 0, a5: 1, a9: 0, a10: 0, a11: 0 });
    const dot = graphToDot(graph);
    const clusters = [...dot.matchAll(/ {2}subgraph "cluster_island_(\d)" \{\n {4}graph \[label="island (\d)"[^\n]*\n((?: {4}"a\d+" \[[^\n]*\n)*) {2}\}/g)];
    expect(clusters.map((m) => [m[1], m[2], [...(m[3] ?? '').matchAll(/"(a\d+)" \[/g)].map((n) => n[1])])).toEqual([
      ['1', '1', ['a1', 'a3', 'a4', 'a9', 'a10', 'a11']],
      ['2', '2', ['a2', 'a5']],
    ]);
    expect([...dot.matchAll(/^ {2}"(a\d+)" \[/gm)].map((m) => m[1])).toEqual(['a0']);
  });

  it('lays out the clusters with Graphviz, folded graphs too', async () => {
    const big = bigGraph(300);
    // a0 as the baseline: a1 and a2 start the two families of the binary tree.
    const graph = withIslands({ ...big, nodes: big.nodes.map((node) => (node.id === 'a0' ? { ...node, role: 'baseline' as const } : node)) }, 2);
    // Folded, only the best lineage's family (island 1) keeps drawn attempts; island 2 lies folded under the baseline.
    const folded = foldGraph(graph);
    const dot = graphToDot(folded.input, { groups: folded.groups });
    const cluster = /subgraph "cluster_island_1" \{\n([\s\S]*?)\n {2}\}/.exec(dot)?.[1] ?? '';
    const inside = folded.groups.filter((group) => graph.islands?.[group.under] === 0);
    expect(inside.length).toBeGreaterThan(0);
    for (const group of inside) expect(cluster).toContain(`"${group.id}" [label=`);
    expect(dot).toMatch(/^ {2}"fold:a0" \[label=/m);
    expect(dot).not.toContain('cluster_island_2');
    const svg = await renderTreeSvg(graph);
    expectValidXml(svg);
    expect(countClass(svg, 'cluster')).toBe(1);
    expect(svg).toContain('<title>cluster_island_1</title>');
    expect(svg).toContain('>island 1</text>');
    expect(svg).toContain('<title>fold:a0</title>');
  });

  it('lays out every island of an unfolded graph', async () => {
    const svg = await renderTreeSvg(withIslands(smallGraph(), 2));
    expectValidXml(svg);
    expect(countClass(svg, 'cluster')).toBe(2);
    expect(svg).toContain('>island 2</text>');
  });
});
