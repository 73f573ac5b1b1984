import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { GraphInput } from '../../src/core/views/report.js';
import { foldGraph } from '../../src/export/fold-graph.js';
import { renderGraphAnyFormat } from '../../src/export/index.js';
import { bigGraph, NASTY, row, smallGraph } from './graph-fixtures.js';
import { countClass, expectValidXml, pngSize, PNG_SIGNATURE, textsOf } from './svg-checks.js';

const svgOf = async (input: GraphInput): Promise<string> => {
  const out = await renderGraphAnyFormat(input, 'svg');
  if (typeof out !== 'string') throw new Error('svg should be text');
  return out;
};

/** A run of `count` attempts shaped like a real one: a few gains, many no-gain fan-outs and chains. */
const realisticGraph = (count: number): GraphInput => {
  const nodes = [row('a0', { wave: 0, role: 'baseline', operator: 'baseline', score: 1 })];
  const edges: GraphInput['edges'] = [];
  let best = 'a0';
  for (let i = 1; i < count; i += 1) {
    const parent = i % 9 === 0 ? best : `a${Math.max(0, i - 1 - (i % 4))}`;
    const gain = i % 9 === 0;
    const status = i % 11 === 0 ? 'invalid' : 'scored';
    nodes.push(row(`a${i}`, { wave: Math.ceil(i / 4), role: i % 3 === 0 ? 'optimizer' : 'explorer', parents: [parent], status, score: status === 'scored' ? (gain ? 1 + i / 100 : 0.5) : null, finishedAt: 1000 + i }));
    edges.push({ from: parent, to: `a${i}`, kind: 'parent' });
    if (gain) best = `a${i}`;
  }
  return { run: { id: 'r9', description: 'a long run', objective: { metric: 'score', direction: 'maximize' } }, nodes, edges, bestId: best };
};

describe('graph --format svg', () => {
  it('is valid XML with one node per attempt and one edge per edge, under a title and a legend', async () => {
    const input = smallGraph();
    const svg = await svgOf(input);
    expectValidXml(svg);
    expect(countClass(svg, 'node')).toBe(input.nodes.length);
    expect(countClass(svg, 'edge')).toBe(input.edges.length);
    const texts = textsOf(svg);
    expect(texts).toContain('swarm run r1 · objective: maximize sum_radii');
    expect(texts).toContain('pack "circles"');
    for (const entry of ['baseline', 'explorer', 'optimizer', 'best attempt', 'best lineage', 'failed / invalid / interrupted', 'running', 'parent', 'merge', 'informed by']) {
      expect(texts).toContain(entry);
    }
    expect(svg).toContain('class="legend"');
  });

  it('greys failed and invalid attempts, fills the best, dashes informed-by and shows flags', async () => {
    const input = smallGraph();
    input.nodes = input.nodes.map((node) => (node.id === 'a5' ? { ...node, flags: ['no-change'] } : node));
    const svg = await svgOf(input);
    const nodeGroup = (id: string): string => {
      const match = new RegExp(`<g id="node\\d+" class="node">\\s*<title>${id}</title>[\\s\\S]*?</g>\\s*</g>`).exec(svg);
      if (!match) throw new Error(`node ${id} missing`);
      return match[0];
    };
    expect(nodeGroup('a2')).toContain('fill="#f3f4f6"');
    expect(nodeGroup('a3')).toContain('stroke-dasharray');
    expect(nodeGroup('a10')).toContain('fill="#fde047"');
    expect(nodeGroup('a5')).toContain('[no&#45;change]');
    expect(svg).toMatch(/<title>a1&#45;&gt;a5<\/title>\s*<path fill="none" stroke="#6b7280" stroke-dasharray/);
  });

  it('stays valid XML with hostile text in a description and a hypothesis', async () => {
    const input = smallGraph();
    input.run = { ...input.run, description: NASTY };
    const svg = await svgOf(input);
    expectValidXml(svg);
    expect(XMLValidator.validate(svg)).toBe(true);
  });

  it('draws every attempt of a 40-attempt run without folding', async () => {
    const input = realisticGraph(40);
    const svg = await svgOf(input);
    expect(countClass(svg, 'node')).toBe(40);
    expect(svg).not.toContain('folded attempts');
  });

  it('folds a 400-attempt run, keeps the best lineage, accounts for every attempt and says how in the legend', async () => {
    const input = realisticGraph(400);
    const folded = foldGraph(input);
    expect(folded.level).toBe('gain');
    expect(folded.input.nodes.length).toBeLessThanOrEqual(100);
    expect(folded.input.nodes.map((node) => node.id)).toContain(input.bestId);
    const svg = await svgOf(input);
    expectValidXml(svg);
    const folders = [...svg.matchAll(/>\+(\d+) attempts?</g)].map((match) => Number(match[1]));
    expect(folders.length).toBe(folded.groups.length);
    expect(countClass(svg, 'node')).toBe(folded.input.nodes.length + folded.groups.length);
    expect(folders.reduce((sum, n) => sum + n, 0) + folded.input.nodes.length).toBe(400);
    const legend = textsOf(svg).join(' ');
    expect(legend).toContain(`${folded.input.nodes.length} of 400 attempts drawn: attempts that did not beat their parent are folded`);
  });

  it('tightens the folding on a run where every attempt gains', () => {
    const folded = foldGraph(bigGraph(1000));
    expect(folded.level).toBe('top');
    expect(folded.input.nodes.length).toBeLessThanOrEqual(100);
    expect(folded.topCount).toBeGreaterThan(0);
    expect(folded.groups.reduce((sum, group) => sum + group.members, 0) + folded.input.nodes.length).toBe(1000);
  });
});

describe('graph --format png and html', () => {
  it('renders a PNG with the signature and the SVG size at twice its scale', async () => {
    const svg = await svgOf(smallGraph());
    const png = await renderGraphAnyFormat(smallGraph(), 'png');
    if (typeof png === 'string') throw new Error('png should be bytes');
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
    const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)?.[1]);
    expect(pngSize(png)).toEqual({ width: width * 2, height: height * 2 });
    expect(png.length).toBeGreaterThan(10_000);
  });

  it('writes one HTML page with the tree inline and no external resource', async () => {
    const html = await renderGraphAnyFormat(smallGraph(), 'html');
    if (typeof html !== 'string') throw new Error('html should be text');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(countClass(html, 'node')).toBe(smallGraph().nodes.length);
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html.replace(/xmlns(:\w+)?="[^"]*"/g, '')).not.toMatch(/https?:\/\//);
  });
});
