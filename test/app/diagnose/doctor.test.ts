import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDoctor } from '../../../src/app/diagnose/doctor.js';

describe('runDoctor', () => {
  it('separates binary found, can authenticate and probe for each backend; never shows a key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-doctor-'));
    try {
      const report = await runDoctor({ cwd: dir, env: { ANTHROPIC_API_KEY: 's3cret-value', HOME: dir, PATH: process.env.PATH } });
      const byName = new Map(report.backends.map((b) => [b.backend, b]));
      expect(byName.get('claude-code')?.binary?.version).toMatch(/^2\.1\.332/);
      expect(byName.get('claude-code')?.auth).toEqual({ ok: true, detail: 'ANTHROPIC_API_KEY is set' });
      expect(byName.get('codex')?.binary?.version).toBe('codex-cli 0.171.0');
      expect(byName.get('codex')?.auth.ok).toBe(false);
      expect(byName.get('codex')?.ok).toBe(false);
      expect(byName.get('anthropic')?.auth.ok).toBe(true);
      expect(byName.get('openai')?.auth.ok).toBe(false);
      expect(byName.get('command')?.ok).toBe(false);
      for (const b of report.backends) expect(b.probe).toBeNull();
      expect(report.keys.find((k) => k.name === 'ANTHROPIC_API_KEY')?.present).toBe(true);
      expect(report.keys.find((k) => k.name === 'OPENAI_API_KEY')?.present).toBe(false);
      expect(report.git).toMatch(/^git version/);
      expect(JSON.stringify(report)).not.toContain('s3cret-value');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
