import { describe, expect, it } from 'vitest';
import type { AttemptRow } from '../../src/core/views/report.js';
import { renderPlotSvg } from '../../src/export/plot/plot-svg.js';
import type { PlotInput } from '../../src/export/plot/plot-input.js';
import { linearScale, niceTicks, robustRange } from '../../src/export/plot/scale.js';
import { svgToPng } from '../../src/export/svg-to-png.js';
import { row, smallGraph } from './graph-fixtures.js';
import { countClass, expectValidXml, pngSize, PNG_SIGNATURE, textsOf } from './svg-checks.js';

const finishedAt = (rows: AttemptRow[]): AttemptRow[] => rows.map((r, i) => ({ ...r, finishedAt: r.status === 'running' ? null : 10_000 + i * 1000 }));

const plotInput = (usage: PlotInput['usage'] = []): PlotInput => {
  const graph = smallGraph();
  return { run: graph.run, attempts: finishedAt(graph.nodes), usage };
};

describe('niceTicks and linearScale', () => {
  it('picks round steps covering the range', () => {
    expect(niceTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(1.62, 2.19)).toEqual([1.7, 1.8, 1.9, 2, 2.1]);
    expect(niceTicks(3, 3)).toEqual([3]);
  });

  it('maps the padded domain onto the pixel range, upside down for y', () => {
    const y = linearScale(0, 10, 100, 0);
    expect(y(0)).toBe(100);
    expect(y(10)).toBe(0);
    expect(linearScale(5, 5, 0, 100)(5)).toBe(50);
  });
});

describe('swarm plot', () => {
  it('draws one mark per finished attempt, the best so far, the baseline rule, and parses as XML', () => {
    const input = plotInput();
    const svg = renderPlotSvg(input);
    expectValidXml(svg);
    const finished = input.attempts.filter((r) => r.status !== 'running');
    expect(countClass(svg, 'point')).toBe(finished.length);
    expect(svg).toContain('data-attempt="a10" data-role="explorer"');
    expect(svg).not.toContain('data-attempt="a11"');
    expect(countClass(svg, 'best-so-far')).toBe(1);
    expect(countClass(svg, 'baseline-rule')).toBe(1);
    const texts = textsOf(svg);
    expect(texts).toContain('sum_radii over attempts (maximize)');
    for (const entry of ['explorer', 'optimizer', 'best so far', 'baseline', 'not scored']) expect(texts).toContain(entry);
    expect(texts.some((t) => t.startsWith('The backends reported no cost or tokens'))).toBe(true);
    expect(countClass(svg, 'usage-plot')).toBe(0);
  });

  it('steps the best-so-far line up only at new bests', () => {
    const attempts = finishedAt([
      row('a0', { role: 'baseline', score: 1 }),
      row('a1', { score: 3 }),
      row('a2', { score: 2 }),
      row('a3', { score: 4 }),
    ]);
    const svg = renderPlotSvg({ run: smallGraph().run, attempts, usage: [] });
    const path = /class="best-so-far" d="([^"]+)"/.exec(svg)?.[1] ?? '';
    expect(path.match(/V/g)).toHaveLength(2);
  });

  it('adds cost and tokens over time when the backends report them', () => {
    const svg = renderPlotSvg(plotInput([
      { id: 'a1', inputTokens: 1200, outputTokens: 300, costUsd: 0.02 },
      { id: 'a4', inputTokens: 900, outputTokens: 100, costUsd: 0.01 },
    ]));
    expectValidXml(svg);
    expect(countClass(svg, 'usage-plot')).toBe(2);
    const texts = textsOf(svg);
    expect(texts).toContain('cost over time');
    expect(texts).toContain('tokens over time');
    expect(svg).toContain('<title>a4: 2500</title>');
  });

  it('renders to PNG', async () => {
    const png = await svgToPng(renderPlotSvg(plotInput()));
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(png).width).toBe(2 * (760 + 32));
  });
});

describe('swarm plot: which point is which, and outliers', () => {
  it('labels the best lineage\'s points with their ids and gives every point a tooltip', () => {
    const attempts = finishedAt([
      row('a0', { role: 'baseline', score: 1 }),
      row('a1', { score: 3, parents: ['a0'] }),
      row('a2', { score: 2, parents: ['a0'] }),
      row('a3', { score: 4, parents: ['a1'] }),
    ]);
    const svg = renderPlotSvg({ run: smallGraph().run, attempts, usage: [] });
    expectValidXml(svg);
    const labels = [...svg.matchAll(/<text class="point-label"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(labels.sort()).toEqual(['a0', 'a1', 'a3']);
    for (const id of ['a0', 'a1', 'a2', 'a3']) expect(svg).toMatch(new RegExp(`<title>${id} · `));
    expect(textsOf(svg)).toContain('attempt, in the order they finished · ids: the best lineage');
  });

  it('keeps the range on the bulk of the scores: two low outliers are drawn at the edge and counted', () => {
    const scores = [2.17, 2.2, 2.25, 2.28, 2.3, 2.31, 2.33, 2.35, -50, -80];
    const attempts = finishedAt(scores.map((score, i) => row(`a${i}`, { role: i === 0 ? 'baseline' : 'explorer', score, parents: i === 0 ? [] : ['a0'] })));
    const svg = renderPlotSvg({ run: smallGraph().run, attempts, usage: [] });
    expectValidXml(svg);
    expect(countClass(svg, 'clipped')).toBe(2);
    expect(textsOf(svg)).toContain('2 outliers outside the range, drawn at its edge as triangles');
    // The y ticks cover the bulk (about 2.1 to 2.4), not -80.
    const ticks = textsOf(svg).map(Number).filter((n) => Number.isFinite(n) && !Number.isInteger(n));
    expect(Math.min(...ticks)).toBeGreaterThan(2);
  });
});

describe('robustRange', () => {
  it('leaves out values beyond 3 IQR but never the kept ones, and keeps everything with few values or no spread', () => {
    expect(robustRange([1, 2, 3, 4, 5, 6, 7, 8, -100])).toEqual({ min: 1, max: 8 });
    expect(robustRange([1, 2, 3, 4, 5, 6, 7, 8, -100], [-100])).toEqual({ min: -100, max: 8 });
    expect(robustRange([1, 2, -100])).toEqual({ min: -100, max: 2 });
    expect(robustRange([1, 1, 1, 1, 1, 9])).toEqual({ min: 1, max: 9 });
  });
});
