import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBrowser } from '../../support/browser.js';

describe('browser tests without a working Chromium', () => {
  it('fail with a message naming the missing binary and the install', async () => {
    await expect(startBrowser('/nonexistent/chromium')).rejects.toThrow(/Chromium is not installed at \/nonexistent\/chromium: .*apt-get install -y chromium/);
  });

  it('fail with a message when the binary cannot start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-fake-chromium-'));
    const fake = join(dir, 'chromium');
    writeFileSync(fake, '#!/bin/sh\necho "cannot open display" >&2\nexit 1\n');
    chmodSync(fake, 0o755);
    try {
      await expect(startBrowser(fake)).rejects.toThrow(`Chromium at ${fake} could not start, so the browser tests cannot run`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
