import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

/** The Chromium the test set-up found (or `SWARM_TEST_CHROMIUM`); Debian's path when it found none. */
export const CHROMIUM = inject('systemTools').chromium ?? '/usr/bin/chromium';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface Browser {
  context: BrowserContext;
  /** Every URL the pages of this browser requested, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/**
 * Starts Debian's Chromium headless with a new, empty profile. When it cannot start, the error
 * says so and how to install it (the set-up skips the browser suites where Chromium is missing).
 */
export const startBrowser = async (executable = CHROMIUM): Promise<Browser> => {
  if (!existsSync(executable)) {
    throw new Error(`Chromium is not installed at ${executable}: the browser tests need it (apt-get install -y chromium; npm test does this as root)`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'swarm-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: executable, headless: true, args: ARGS });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new Error(`Chromium at ${executable} could not start, so the browser tests cannot run: ${error instanceof Error ? error.message : String(error)}`);
  }
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return {
    context,
    requests,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
};
