import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graph as exportGraph, plot, report, runSearch, status as getStatus, type StatusReport } from '../../../src/index.js';
import { countClass, expectValidXml, pngSize, PNG_SIGNATURE, textsOf } from '../../export/svg-checks.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

interface GraphJson {
  nodes: Array<{ id: string }>;
  edges: unknown[];
}

const text = (output: string | Buffer): string => (typeof output === 'string' ? output : output.toString('utf8'));
const bytes = (output: string | Buffer): Buffer => (typeof output === 'string' ? Buffer.from(output) : output);

// Formats the CLI parses, files it writes and what it prints: test/cli/commands/pictures-e2e.test.ts.
describe('pictures of a real run: graph svg/png/html, plot, report', () => {
  let repo: ToyRepo;
  let status: StatusReport;
  let graph: GraphJson;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 8 }, shepherd: { mergeEvery: 2 } });
    expect((await runSearch({ cwd: repo.dir })).status).toBe('finished');
    status = await getStatus({ cwd: repo.dir });
    graph = JSON.parse(text((await exportGraph({ cwd: repo.dir, format: 'json' })).output)) as GraphJson;
  }, 180_000);
  afterAll(() => repo.cleanup());

  it('draws one SVG node per attempt in the store and one edge per edge, with the legend and the objective', async () => {
    const svg = text((await exportGraph({ cwd: repo.dir, format: 'svg' })).output);
    expect(graph.nodes).toHaveLength(status.attempts.length);
    expectValidXml(svg);
    expect(countClass(svg, 'node')).toBe(status.attempts.length);
    expect(countClass(svg, 'edge')).toBe(graph.edges.length);
    expect(svg).toContain('class="legend"');
    expect(textsOf(svg)).toContain(`swarm run ${status.run.id} · objective: maximize score`);
    for (const attempt of status.attempts) expect(svg).toContain(`<title>${attempt.id}</title>`);
  });

  it('draws a PNG of the tree', async () => {
    const png = bytes((await exportGraph({ cwd: repo.dir, format: 'png' })).output);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(png).width).toBeGreaterThan(1000);
  });

  it('plots every finished attempt, as svg and png', async () => {
    const svg = text(await plot({ cwd: repo.dir, format: 'svg' }));
    expectValidXml(svg);
    expect(countClass(svg, 'point')).toBe(status.attempts.filter((a) => a.status !== 'running').length);
    expect([...bytes(await plot({ cwd: repo.dir, format: 'png' })).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it('writes a self-contained report with the tree, the plot and a row per attempt, from any folder of the repository', async () => {
    const written = await report({ cwd: repo.dir });
    const path = join(repo.dir, '.swarm', `report-${status.run.id}.html`);
    expect(written.path).toBe(path);
    const html = readFileSync(path, 'utf8');
    expect(html).toBe(written.html);
    expect(countClass(html, 'node')).toBe(status.attempts.length);
    expect(countClass(html, 'score-plot')).toBe(1);
    expect(html.match(/<tr[^>]* data-status=/g)).toHaveLength(status.attempts.length);
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html.replace(/xmlns(:\w+)?="[^"]*"/g, '')).not.toMatch(/https?:\/\//);
    const unwritten = await report({ cwd: repo.dir, output: '-' });
    expect(unwritten.path).toBeNull();
    expect(unwritten.html).toMatch(/^<!DOCTYPE html>/);
    const sub = join(repo.dir, 'deep', 'er');
    mkdirSync(sub, { recursive: true });
    expect((await report({ cwd: sub })).path).toBe(path);
  });
});
