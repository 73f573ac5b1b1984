import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSearch, status } from '../../../src/index.js';
import { countClass, expectValidXml, PNG_SIGNATURE } from '../../export/svg-checks.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// What `swarm graph`, `swarm plot` and `swarm report` parse, write and print; what they draw is test/app/queries/pictures-e2e.test.ts.
describe('swarm graph, plot and report on the command line', () => {
  let repo: ToyRepo;
  let runId = '';
  let attempts = 0;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 2 } });
    expect((await runSearch({ cwd: repo.dir })).status).toBe('finished');
    const report = await status({ cwd: repo.dir });
    runId = report.run.id;
    attempts = report.attempts.length;
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('graph prints svg on stdout, writes png to -o, and refuses an unknown format with exit 2', async () => {
    const svg = await runCli(repo.dir, ['graph', '--format', 'svg']);
    expect(svg.code).toBe(0);
    expectValidXml(svg.stdout);
    expect(countClass(svg.stdout, 'node')).toBe(attempts);
    const file = join(repo.dir, 'tree.png');
    const png = await runCli(repo.dir, ['graph', '--format', 'png', '-o', file]);
    expect([png.code, png.stdout]).toEqual([0, '']);
    expect([...readFileSync(file).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const bad = await runCli(repo.dir, ['graph', '--format', 'pdf']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected one of json, dot, mermaid, svg, png, html');
  });

  it('plot -f png -o writes the picture', async () => {
    const file = join(repo.dir, 'plot.png');
    expect((await runCli(repo.dir, ['plot', '-f', 'png', '-o', file])).code).toBe(0);
    expect([...readFileSync(file).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it('report says where it wrote the page; -o - prints the page', async () => {
    const out = await runCli(repo.dir, ['report']);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(`report written to ${join(repo.dir, '.swarm', `report-${runId}.html`)}\n`);
    const stdout = await runCli(repo.dir, ['report', '-o', '-']);
    expect(stdout.stdout).toMatch(/^<!DOCTYPE html>/);
  });
});
