import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { startBrowser, type Browser } from '../../support/browser.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts');

describe.skipIf(inject('systemTools').chromium === null)('the HTML report in headless Chromium', () => {
  let repo: ToyRepo;
  let browser: Browser;
  let status: StatusReport;
  let reportUrl: string;

  beforeAll(async () => {
    // The toy evaluator, reporting a secondary metric beside the score.
    const evaluator = "const { execFileSync } = require('node:child_process');\nconst out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());\nconsole.log(JSON.stringify({ score: out.value, distance: Math.sqrt(-out.value) }));\n";
    repo = createToyRepo({ budget: { attempts: 6 } }, { 'evaluate.js': evaluator });
    expect((await runCli(repo.dir, ['run'])).code).toBe(0);
    status = JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;
    const file = join(repo.dir, 'report.html');
    expect((await runCli(repo.dir, ['report', '-o', file])).code).toBe(0);
    reportUrl = pathToFileURL(file).href;
    browser = await startBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    repo?.cleanup();
  });

  it('renders the tree, the plot and the table with no request leaving the page and no error', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(reportUrl);
    expect(await page.locator('.tree g.node').count()).toBe(status.attempts.length);
    expect(await page.locator('.score-plot g.point').count()).toBe(status.attempts.filter((a) => a.status !== 'running').length);
    expect(await page.locator('table.attempts tbody tr').count()).toBe(status.attempts.length);
    expect(await page.title()).toBe(`swarm run ${status.run.id}: maximize score`);
    expect(browser.requests).toEqual([reportUrl]);
    expect(errors).toEqual([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
  });

  it('says how the run was made and shows the winner: its diff, its files in full, every metric, lineage ids on the plot', async () => {
    const page = await browser.context.newPage();
    await page.goto(reportUrl);
    const best = status.best?.id ?? '';
    expect(await page.locator('h2#winner').textContent()).toMatch(new RegExp(`^Winner: ${best} \\(score = `));
    expect(await page.locator('pre.diff').textContent()).toContain('diff --git a/prog.js b/prog.js');
    expect(await page.locator('pre.diff').textContent()).not.toContain('findings.md');
    const files = await page.locator('details.solution-file summary').allTextContents();
    expect(files).toEqual(['prog.js']);
    expect(await page.locator('details.solution-file pre.file').textContent()).toBe(repo.git('show', `swarm/r1/${best}:prog.js`));
    const provenance = (await page.locator('table.provenance').textContent()) ?? '';
    expect(provenance).toContain(`baseline commit${repo.git('rev-parse', 'main').trim()}`);
    expect(provenance).toContain('evaluator commandnode evaluate.js');
    expect(provenance).toMatch(/seed\d+/);
    expect(await page.locator('pre.config').textContent()).toContain('"evaluator"');
    expect(await page.locator('table.attempts th').allTextContents()).toContain('distance');
    expect(await page.locator('.score-plot text.point-label').allTextContents()).toContain(best);
  });

  it('sorts the attempts table by score when its header is clicked', async () => {
    const page = await browser.context.newPage();
    await page.goto(reportUrl);
    await page.locator('table.attempts th', { hasText: 'score' }).click();
    const firstScores = await page.locator('table.attempts tbody tr td:nth-child(7)').allTextContents();
    const numbers = firstScores.filter((text) => text !== '—').map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers.length).toBeGreaterThan(1);
  });
});
