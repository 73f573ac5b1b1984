/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { startBrowser, type Browser } from '../../support/browser.js';
import { createToyRepo, runCli, startCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

const ARTIFACTS = join(process.cwd(), 'test-artifacts');

/** Waits for the dashboard to print its URL. */
const dashboardUrl = async (stdout: () => string): Promise<string> => {
  for (let i = 0; i < 600; i += 1) {
    const match = /dashboard of run r1: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout());
    if (match?.[1]) return match[1];
    await sleep(50);
  }
  throw new Error(`swarm dashboard printed no URL: ${stdout()}`);
};

const rowIds = (page: Page): Promise<string[]> => page.locator('#attempts tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-attempt') ?? ''));

describe.skipIf(inject('systemTools').chromium === null)('swarm dashboard follows a live run in headless Chromium', () => {
  let repo: ToyRepo;
  let browser: Browser;
  let run: { done: Promise<CliResult> };
  let dashboard: ReturnType<typeof startCli>;
  let page: Page;
  let dashboardOut = '';
  const errors: string[] = [];
  const latencies: Array<{ attempt: string; ms: number }> = [];

  beforeAll(async () => {
    repo = createToyRepo({ budget: { attempts: 6 }, evaluator: { env: { TOY_EVAL_DELAY_MS: '1500' } } });
    run = startCli(repo.dir, ['run']);
    // The dashboard needs the run to exist; wait until status can read it.
    for (let i = 0; i < 600 && (await runCli(repo.dir, ['status', '--json'])).code !== 0; i += 1) await sleep(100);
    dashboard = startCli(repo.dir, ['dashboard']);
    dashboard.child.stdout?.on('data', (chunk: Buffer) => (dashboardOut += chunk.toString()));
    browser = await startBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(await dashboardUrl(() => dashboardOut));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    dashboard?.child.kill('SIGTERM');
    await dashboard?.done;
    repo?.cleanup();
  });

  it('shows attempts as their events arrive, and an in-flight list while they run', async () => {
    await page.waitForSelector('#attempts tbody tr');
    await page.waitForSelector('#inflight-table tr[data-attempt]', { timeout: 60_000 });
    const seen = new Set(await rowIds(page));
    // Every attempt planned after the page loaded must reach the table; how long it took is recorded, not asserted.
    while ((await page.evaluate(() => document.body.getAttribute('data-run-status'))) === 'running') {
      const planned = await page.evaluate(() => (window as unknown as { __swarmEvents: Array<{ type: string; attemptId: string | null; receivedAt: number }> }).__swarmEvents.filter((e) => e.type === 'attempt.planned'));
      for (const event of planned) {
        if (event.attemptId === null || seen.has(event.attemptId)) continue;
        await page.waitForSelector(`#attempts tbody tr[data-attempt="${event.attemptId}"]`, { timeout: 30_000 });
        latencies.push({ attempt: event.attemptId, ms: Date.now() - event.receivedAt });
        seen.add(event.attemptId);
      }
      await sleep(100);
    }
    expect(latencies.length).toBeGreaterThan(0);
    expect((await run.done).code).toBe(0);
  }, 180_000);

  it('empties the in-flight list when the run ends and lists every attempt of the store', async () => {
    const status = JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;
    await page.waitForFunction(() => document.body.getAttribute('data-run-status') === 'finished', undefined, { timeout: 30_000 });
    await page.waitForFunction((count) => document.querySelectorAll('#attempts tbody tr').length === count, status.attempts.length, { timeout: 30_000 });
    expect(await page.locator('#inflight').textContent()).toBe('nothing running');
    expect((await rowIds(page)).sort()).toEqual(status.attempts.map((a) => a.id).sort());
    expect(await page.locator('#tree g.node[data-attempt]').count()).toBe(status.attempts.length);
    // The budget counts finished and running attempts apart (planned is not spent).
    const searchers = status.attempts.filter((a) => a.role !== 'baseline').length;
    expect(await page.locator('#budget').textContent()).toMatch(new RegExp(`^budget: 6 attempts · ${searchers} finished, 0 running, ${6 - searchers} not started`));
  });

  it('shows a node\'s diff, findings entry and evaluations when it is clicked', async () => {
    const status = JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout) as StatusReport;
    const changed = status.attempts.find((a) => a.role !== 'baseline' && a.status === 'scored' && !a.flags.includes('no-change'));
    expect(changed).toBeDefined();
    const id = changed?.id ?? '';
    await page.locator(`#tree g.node[data-attempt="${id}"]`).click();
    await page.waitForFunction((attempt) => document.querySelector('#detail h2')?.textContent === `Attempt ${attempt}`, id);
    const diff = (await page.locator('#detail-diff').textContent()) ?? '';
    expect(diff).toContain('diff --git a/prog.js b/prog.js');
    expect(diff).not.toContain('findings.md');
    expect(await page.locator('#detail').textContent()).toContain('official/');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard.png'), fullPage: true });
    writeFileSync(join(ARTIFACTS, 'dashboard-latency.json'), `${JSON.stringify(latencies, null, 2)}\n`);
    expect(errors).toEqual([]);
  });

  it('follows a newer run of the repository; --run pins one', async () => {
    const pinned = startCli(repo.dir, ['dashboard', '--run', 'r1']);
    let pinnedOut = '';
    pinned.child.stdout?.on('data', (chunk: Buffer) => (pinnedOut += chunk.toString()));
    try {
      const second = await runCli(repo.dir, ['run', '--new', '--attempts', '2']);
      expect(second.code, second.stderr).toBe(0);
      await page.waitForFunction(() => (document.getElementById('title')?.textContent ?? '').startsWith('swarm run r2 '), undefined, { timeout: 60_000 });
      for (let i = 0; i < 100 && !/http:\/\/127\.0\.0\.1:\d+\//.test(pinnedOut); i++) await sleep(100);
      const pinnedUrl = /http:\/\/127\.0\.0\.1:\d+\//.exec(pinnedOut)?.[0] ?? '';
      const state = z.object({ status: z.object({ run: z.object({ id: z.string() }) }) }).parse(await (await fetch(`${pinnedUrl}api/state`)).json());
      expect(state.status.run.id).toBe('r1');
    } finally {
      pinned.child.kill('SIGTERM');
      await pinned.done;
    }
  }, 180_000);

  it('is read-only and listens on 127.0.0.1 only', async () => {
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(dashboardOut)?.[0] ?? '';
    const post = await fetch(`${url}api/state`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(browser.requests.every((request) => request.startsWith(url))).toBe(true);
  });
});
