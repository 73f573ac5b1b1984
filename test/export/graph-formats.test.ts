import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GraphInput } from '../../src/core/views/report.js';
import { GRAPH_FORMATS, isGraphFormat, renderGraph } from '../../src/export/index.js';
import { decodeDotString, parseDot } from './dot-parser.js';
import { bigGraph, NASTY, row, smallGraph } from './graph-fixtures.js';

const GraphJson = z.object({
  run: z.unknown(),
  bestId: z.string().nullable(),
  bestLineage: z.array(z.string()),
  nodes: z.array(z.object({ id: z.string(), hypothesis: z.string().nullable() })),
  edges: z.array(z.object({ from: z.string(), to: z.string(), kind: z.string() })),
});

const jsonDocument = (input: GraphInput) => GraphJson.parse(JSON.parse(renderGraph(input, 'json')));

describe('json', () => {
  it('orders nodes by wave then numeric id and lists the best lineage', () => {
    const doc = jsonDocument(smallGraph());
    expect(doc.nodes.map((node) => node.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a9', 'a10', 'a11']);
    expect(doc.bestId).toBe('a10');
    expect(doc.bestLineage).toEqual(['a0', 'a1', 'a4', 'a5', 'a10']);
    expect(doc.run).toEqual(smallGraph().run);
  });

  it('is stable: shuffled input gives the same text, pretty-printed', () => {
    const graph = smallGraph();
    const shuffled = { ...graph, nodes: [...graph.nodes].reverse(), edges: [...graph.edges].reverse() };
    const text = renderGraph(graph, 'json');
    expect(renderGraph(shuffled, 'json')).toBe(text);
    expect(text).toContain('\n  "nodes": [');
    const doc = jsonDocument(graph);
    expect(doc.nodes[3]?.hypothesis).toBeNull();
    expect(doc.nodes[2]?.hypothesis).toBe(NASTY);
    expect(doc.edges.slice(0, 2)).toEqual([
      { from: 'a0', to: 'a1', kind: 'parent' },
      { from: 'a0', to: 'a2', kind: 'parent' },
    ]);
  });
});

describe('dot', () => {
  const graph = parseDot(renderGraph(smallGraph(), 'dot'));

  it('parses as a top-to-bottom digraph with every node and edge', () => {
    expect(graph.defaults.get('graph')?.get('rankdir')).toBe('TB');
    expect([...graph.nodes.keys()]).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a9', 'a10', 'a11']);
    expect(graph.edges).toHaveLength(smallGraph().edges.length);
  });

  it('labels nodes with id, role and score or status', () => {
    const label = (id: string): string => decodeDotString(graph.nodes.get(id)?.get('label') ?? '');
    expect(label('a10')).toBe('a10\nexplorer\n2.5');
    expect(label('a2')).toBe('a2\nexplorer\ninvalid');
    expect(label('a3')).toBe('a3\nexplorer\nfailed');
    expect(label('a11')).toBe('a11\nexplorer\nrunning (agent)');
  });

  it('shapes by role, highlights the lineage and greys dead ends', () => {
    expect(graph.nodes.get('a0')?.get('shape')).toBe('box');
    expect(graph.nodes.get('a1')?.get('shape')).toBe('ellipse');
    expect(graph.nodes.get('a4')?.get('shape')).toBe('hexagon');
    expect(graph.nodes.get('a10')?.get('penwidth')).toBe('3');
    expect(graph.nodes.get('a1')?.get('style')).toContain('bold');
    expect(graph.nodes.get('a9')?.get('style')).toContain('dashed');
    expect(graph.nodes.get('a2')?.get('style')).toContain('dashed');
    expect(graph.nodes.get('a5')?.get('style')).not.toContain('dashed');
  });

  it('styles edges by kind and thickens lineage edges', () => {
    const edge = (from: string, to: string) => graph.edges.find((e) => e.from === from && e.to === to)?.attrs;
    expect(edge('a5', 'a10')?.get('style')).toBe('bold');
    expect(edge('a1', 'a5')?.get('style')).toBe('dashed');
    expect(edge('a1', 'a5')?.get('constraint')).toBe('false');
    expect(edge('a0', 'a2')?.get('style')).toBe('solid');
    expect(edge('a4', 'a10')?.get('penwidth')).toBe('2.5');
    expect(edge('a0', 'a2')?.has('penwidth')).toBe(false);
  });

  it('escapes quotes, backslashes and newlines in tooltips and ids', () => {
    const tooltip = decodeDotString(graph.nodes.get('a2')?.get('tooltip') ?? '');
    expect(tooltip).toContain('say "hi" \\N back\\slash #1; <b>bold</b>');
    expect(tooltip).not.toContain('\n');
    const odd = 'we"ird\\id\nx';
    const input: GraphInput = { ...smallGraph(), nodes: [row(odd, { score: 1 })], edges: [], bestId: odd };
    const parsed = parseDot(renderGraph(input, 'dot'));
    const [key] = [...parsed.nodes.keys()];
    expect(decodeDotString(key ?? '')).toBe('we"ird\\id\nx');
    expect(decodeDotString(parsed.nodes.get(key ?? '')?.get('label') ?? '')).toBe(`${odd}\nexplorer\n1`);
  });
});

describe('mermaid', () => {
  const text = renderGraph(smallGraph(), 'mermaid');
  const lines = text.trimEnd().split('\n');

  it('is a flowchart whose every line is a known statement', () => {
    expect(lines[0]).toBe('flowchart TD');
    const statement =
      /^ {2}(?:n_\w+(?:\["[^"]*"\]|\(\["[^"]*"\]\)|\{\{"[^"]*"\}\})|n_\w+ (?:-->|==>|-\.->) n_\w+|classDef \w+ [\w:#,.\- ]+|class [\w,]+ \w+|linkStyle [\d,]+ [\w:#,\- ]+)$/;
    for (const line of lines.slice(1)) expect(line).toMatch(statement);
  });

  it('draws edges by kind and shapes by role', () => {
    expect(lines).toContain('  n_a4 --> n_a10');
    expect(lines).toContain('  n_a5 ==> n_a10');
    expect(lines).toContain('  n_a1 -.-> n_a5');
    expect(lines).toContain('  n_a0["a0<br/>baseline<br/>2"]');
    expect(lines).toContain('  n_a4{{"a4<br/>optimizer<br/>2.3"}}');
    expect(lines).toContain('  n_a10(["a10<br/>explorer<br/>2.5"])');
  });

  it('assigns classes for roles, best, lineage and dead ends', () => {
    expect(lines).toContain('  class n_a10 best');
    expect(lines).toContain('  class n_a0,n_a1,n_a4,n_a5 lineage');
    expect(lines).toContain('  class n_a2,n_a3,n_a9 dead');
    expect(lines.some((line) => /^ {2}linkStyle [\d,]+ /.test(line))).toBe(true);
  });

  it('escapes labels with entity codes and makes ids safe', () => {
    const input: GraphInput = {
      ...smallGraph(),
      nodes: [row('x-"1"', { score: 1, role: 'baseline' }), row('x_"1"', { score: 2, hypothesis: NASTY })],
      edges: [{ from: 'x-"1"', to: 'x_"1"', kind: 'parent' }],
      bestId: 'x_"1"',
    };
    const out = renderGraph(input, 'mermaid');
    expect(out).toContain('n_x__1_["x-#quot;1#quot;<br/>baseline<br/>1"]');
    expect(out).toContain('n_x__1__2(["x_#quot;1#quot;<br/>explorer<br/>2"])');
    expect(out).toContain('n_x__1_ --> n_x__1__2');
    const hashes = renderGraph({ ...input, nodes: [row('#<&>`', { score: 1 })], edges: [] }, 'mermaid');
    expect(hashes).toContain('(["#35;#lt;#amp;#gt;#96;<br/>');
  });
});

describe('renderGraph', () => {
  it('knows its formats', () => {
    expect(GRAPH_FORMATS).toEqual(['json', 'dot', 'mermaid', 'svg', 'png', 'html']);
    expect(isGraphFormat('dot')).toBe(true);
    expect(isGraphFormat('svg')).toBe(true);
    expect(isGraphFormat('pdf')).toBe(false);
  });

  it('renders 10,000 nodes in every format', () => {
    const input = bigGraph(10_000);
    const dot = parseDot(renderGraph(input, 'dot'));
    expect(dot.nodes.size).toBe(10_000);
    expect(dot.edges.length).toBe(input.edges.length);
    const mermaid = renderGraph(input, 'mermaid').split('\n');
    expect(mermaid.filter((line) => /^ {2}n_a\d+ (-->|-\.->) /.test(line))).toHaveLength(input.edges.length);
    const json = jsonDocument(input);
    expect(json.bestId).toBe('a9999');
    expect(json.bestLineage).toHaveLength(14);
    expect(json.nodes).toHaveLength(10_000);
  });
});
