/* global window, document, MutationObserver -- the functions given to page.evaluate run in the browser */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { createRepo } from './lib/fixture-repo.mjs';
import { CLI, runCli } from './lib/proc.mjs';
import { median } from './lib/stats.mjs';
import { removeTempDir } from './lib/temp-dirs.mjs';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Scenario 5: `swarm dashboard` during a run of `attempts` attempts (evaluator `sleep 1`), in
 * headless Chromium. First paint: from navigation to the attempts table's first row. Latency: from
 * an `attempt.planned` event's time in the events table (its `at`) to the attempt's row appearing
 * on the page, for attempts planned after the first paint.
 * Returns null figures with a reason when Chromium is missing.
 */
export const measureDashboard = async ({ attempts, log }) => {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (apt-get install -y chromium)` };
  const repo = createRepo('dashboard', { evaluator: { command: `sleep 1; echo '{"score": 1}'` }, budget: { attempts } });
  const run = runCli(['run'], { cwd: repo });
  while ((await runCli(['status', '--json'], { cwd: repo }).catch(() => ({ code: 1 }))).code !== 0) await sleep(100);
  const server = spawn(process.execPath, [CLI, 'dashboard'], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  server.stdout.on('data', (chunk) => (out += chunk));
  while (!/http:\/\/127\.0\.0\.1:\d+\//.test(out)) await sleep(20);
  const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)[0];
  const profile = mkdtempSync(join(tmpdir(), 'swarm-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const page = await context.newPage();
    log(`dashboard: first paint and event-to-screen latency over a run of ${attempts} attempts`);
    const started = Date.now();
    await page.goto(url);
    await page.waitForSelector('#attempts tbody tr');
    const firstPaintMs = Date.now() - started;
    // Seen on the page: when each attempt's row first appeared, by the page's clock (same machine).
    await page.evaluate(() => {
      window.__rowSeen = {};
      const note = () => document.querySelectorAll('#attempts tbody tr').forEach((row) => { window.__rowSeen[row.dataset.attempt] ??= Date.now(); });
      note();
      new MutationObserver(note).observe(document.querySelector('#attempts tbody'), { childList: true });
    });
    await run;
    await page.waitForFunction(() => document.body.getAttribute('data-run-status') !== 'running', undefined, { timeout: 60_000 });
    const seen = await page.evaluate(() => window.__rowSeen);
    const planned = await page.evaluate(() => window.__swarmEvents.filter((e) => e.type === 'attempt.planned'));
    const latencies = planned
      .filter((e) => e.at > started + firstPaintMs && seen[e.attemptId] !== undefined)
      .map((e) => seen[e.attemptId] - e.at);
    return { firstPaintMs, latencyMedianMs: median(latencies), latencyMaxMs: Math.max(...latencies), samples: latencies.length };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server.kill('SIGTERM');
    removeTempDir(repo);
  }
};
