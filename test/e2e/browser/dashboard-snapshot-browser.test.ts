/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { startBrowser, type Browser } from '../../support/browser.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts');

describe.skipIf(inject('systemTools').chromium === null)('swarm dashboard --once in headless Chromium', () => {
  let repo: ToyRepo;
  let browser: Browser;
  let status: StatusReport;
  let url = '';

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 5 } });
    expect((await runCli(repo.dir, ['run'])).code).toBe(0);
    status = JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;
    const file = join(repo.dir, 'snapshot.html');
    const written = await runCli(repo.dir, ['dashboard', '--once', '-o', file]);
    expect(written.code, written.stderr).toBe(0);
    url = pathToFileURL(file).href;
    browser = await startBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    repo.cleanup();
  });

  it('draws the run from the page alone: header, budget apart, every attempt, the tree and the plot with lineage ids; requests nothing', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => document.body.getAttribute('data-snapshot') === 'true', undefined, { timeout: 30_000 });
    expect(await page.locator('#title').textContent()).toMatch(/^swarm run r1 · maximize score · finished$/);
    const searchers = status.attempts.filter((a) => a.role !== 'baseline').length;
    expect(await page.locator('#budget').textContent()).toMatch(new RegExp(`^budget: 5 attempts · ${searchers} finished, 0 running, ${5 - searchers} not started`));
    expect(await page.locator('#attempts tbody tr').count()).toBe(status.attempts.length);
    expect(await page.locator('#tree g.node[data-attempt]').count()).toBe(status.attempts.length);
    const labels = await page.locator('#plot text.point-label').allTextContents();
    expect(labels).toContain(status.best?.id);
    expect(labels).toContain(status.baseline?.id);
    expect(await page.locator(`#plot g.point[data-attempt="${status.attempts[1]?.id ?? ''}"] title`).textContent()).toMatch(/^a\d+ · /);
    // A click says where the detail is instead of fetching it.
    await page.locator(`#tree g.node[data-attempt="${status.best?.id ?? ''}"]`).click();
    expect(await page.locator('#detail').textContent()).toContain(`swarm show ${status.best?.id ?? ''}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-snapshot.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(browser.requests.every((request) => request === url)).toBe(true);
  });
});
