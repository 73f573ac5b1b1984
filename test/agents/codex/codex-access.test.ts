import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codexAccess } from '../../../src/agents/codex/codex-access.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-cred-'));
  dirs.push(dir);
  return dir;
};
const codexSettings = { binary: 'codex', sandbox: 'workspace-write' as const, extraArgs: [], configOverrides: {} };

describe('codexAccess', () => {
  it('accepts auth.json under CODEX_HOME', async () => {
    const home = temp();
    writeFileSync(join(home, 'auth.json'), '{}');
    expect((await codexAccess(codexSettings, null, { HOME: temp(), CODEX_HOME: home })).ok).toBe(true);
  });

  it('asks for the env_key of a custom model provider in config.toml', async () => {
    const home = temp();
    writeFileSync(join(home, 'config.toml'), 'model_provider = "local"\n[model_providers.local]\nbase_url = "http://127.0.0.1:1/v1"\nenv_key = "LOCAL_KEY" # comment\n');
    expect(await codexAccess(codexSettings, null, { HOME: temp(), CODEX_HOME: home })).toEqual({
      ok: false,
      detail: 'codex\'s model provider "local" reads its key from LOCAL_KEY, which is not set; export LOCAL_KEY',
    });
    expect((await codexAccess(codexSettings, null, { HOME: temp(), CODEX_HOME: home, LOCAL_KEY: 'k' })).ok).toBe(true);
  });

  it('follows a model_provider chosen in agent.codex.configOverrides', async () => {
    const home = temp();
    const settings = { ...codexSettings, configOverrides: { model_provider: '"ollama"' } };
    expect(await codexAccess(settings, null, { HOME: temp(), CODEX_HOME: home })).toEqual({ ok: true, detail: 'model provider "ollama" names no key variable (env_key)' });
  });

  it('refuses a CODEX_HOME that does not exist, as codex does', async () => {
    const missing = join(temp(), 'nope');
    expect((await codexAccess(codexSettings, null, { HOME: temp(), CODEX_HOME: missing })).detail).toContain(`CODEX_HOME points to ${missing}, which does not exist`);
  });

  it('looks in ~/.codex without CODEX_HOME', async () => {
    const home = temp();
    mkdirSync(join(home, '.codex'));
    writeFileSync(join(home, '.codex', 'auth.json'), '{}');
    expect((await codexAccess(codexSettings, null, { HOME: home })).ok).toBe(true);
  });
});
