import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StatusReport } from '../../src/core/views/report.js';
import { startBrowser, type Browser } from '../support/browser.js';
import { createToyRepo, runCli, type ToyRepo } from '../support/toy-repo.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts');

describe.skipIf(inject('systemTools').chromium === null)('the HTML report in headless Chromium', () => {
  let repo: ToyRepo;
  let browser: Browser;
  let status: StatusReport;
  let reportUrl: string;

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 6 } });
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
