import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDoctor } from './doctor.js';

describe('runDoctor', () => {
  it('finds the pinned CLIs with their versions and reports which keys are set, never their values', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-doctor-'));
    try {
      const report = await runDoctor({ cwd: dir, env: { ANTHROPIC_API_KEY: 's3cret-value', PATH: process.env.PATH } });
      const byName = new Map(report.backends.map((b) => [b.backend, b]));
      expect(byName.get('claude-code')?.version).toMatch(/^2\.1\.332/);
      expect(byName.get('codex')?.version).toBe('codex-cli 0.171.0');
      expect(byName.get('command')?.ok).toBe(false);
      expect(report.keys.find((k) => k.name === 'ANTHROPIC_API_KEY')?.present).toBe(true);
      expect(report.keys.find((k) => k.name === 'OPENAI_API_KEY')?.present).toBe(false);
      expect(report.git).toMatch(/^git version/);
      expect(JSON.stringify(report)).not.toContain('s3cret-value');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
