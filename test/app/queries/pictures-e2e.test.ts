import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { countClass, expectValidXml, pngSize, PNG_SIGNATURE, textsOf } from '../../export/svg-checks.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

interface GraphJson {
  nodes: Array<{ id: string }>;
  edges: unknown[];
}

describe('pictures of a real run: graph svg/png/html, plot, report', () => {
  let repo: ToyRepo;
  let status: StatusReport;
  let graph: GraphJson;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 8 }, shepherd: { mergeEvery: 2 } });
    const run = await runCli(repo.dir, ['run']);
    expect(run.code).toBe(0);
    status = JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;
    graph = JSON.parse((await runCli(repo.dir, ['graph', '--format', 'json'])).stdout) as GraphJson;
  }, 180_000);
  afterAll(() => repo.cleanup());

  it('draws one SVG node per attempt in the store and one edge per edge, with the legend and the objective', async () => {
    const out = await runCli(repo.dir, ['graph', '--format', 'svg']);
    expect(out.code).toBe(0);
    expectValidXml(out.stdout);
    expect(countClass(out.stdout, 'node')).toBe(status.attempts.length);
    expect(countClass(out.stdout, 'edge')).toBe(graph.edges.length);
    expect(out.stdout).toContain('class="legend"');
    expect(textsOf(out.stdout)).toContain(`swarm run ${status.run.id} · objective: maximize score`);
    for (const attempt of status.attempts) expect(out.stdout).toContain(`<title>${attempt.id}</title>`);
  });

  it('writes a PNG of the tree to a file; an unknown format is a usage error', async () => {
    const file = join(repo.dir, 'tree.png');
    const out = await runCli(repo.dir, ['graph', '--format', 'png', '-o', file]);
    expect(out.code).toBe(0);
    const png = readFileSync(file);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(png).width).toBeGreaterThan(1000);
    const bad = await runCli(repo.dir, ['graph', '--format', 'pdf']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected one of json, dot, mermaid, svg, png, html');
  });

  it('plots every finished attempt', async () => {
    const out = await runCli(repo.dir, ['plot']);
    expect(out.code).toBe(0);
    expectValidXml(out.stdout);
    expect(countClass(out.stdout, 'point')).toBe(status.attempts.filter((a) => a.status !== 'running').length);
    const file = join(repo.dir, 'plot.png');
    expect((await runCli(repo.dir, ['plot', '-f', 'png', '-o', file])).code).toBe(0);
    expect([...readFileSync(file).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it('writes a self-contained report with the tree, the plot and a row per attempt', async () => {
    const out = await runCli(repo.dir, ['report']);
    expect(out.code).toBe(0);
    const path = join(repo.dir, '.swarm', `report-${status.run.id}.html`);
    expect(out.stdout).toBe(`report written to ${path}\n`);
    const html = readFileSync(path, 'utf8');
    expect(countClass(html, 'node')).toBe(status.attempts.length);
    expect(countClass(html, 'score-plot')).toBe(1);
    expect(html.match(/<tr[^>]* data-status=/g)).toHaveLength(status.attempts.length);
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html.replace(/xmlns(:\w+)?="[^"]*"/g, '')).not.toMatch(/https?:\/\//);
    const stdout = await runCli(repo.dir, ['report', '-o', '-']);
    expect(stdout.stdout).toMatch(/^<!DOCTYPE html>/);
    const sub = join(repo.dir, 'deep', 'er');
    mkdirSync(sub, { recursive: true });
    expect((await runCli(sub, ['report'])).stdout).toBe(`report written to ${path}\n`);
  });
});
