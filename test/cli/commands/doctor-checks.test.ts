import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToyRepo, runCli } from '../../support/toy-repo.js';

/**
 * How `swarm doctor` prints its report and what it exits with. What it finds (binaries, logins,
 * prices, the pool, probes) is tested through the API: test/app/setup/doctor-e2e.test.ts.
 */
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const NO_KEYS = {
  ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', ANTHROPIC_BASE_URL: '', CLAUDE_CODE_OAUTH_TOKEN: '', CLAUDE_CONFIG_DIR: '',
  OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CODEX_API_KEY: '', CODEX_HOME: '',
};

describe('swarm doctor prints', () => {
  it('four lines per backend (binary, auth, probe, price), marks the configured one, and exits 1 when it cannot work', async () => {
    const repo = createToyRepo({ agent: { backend: 'claude-code' } });
    cleanups.push(repo.cleanup);
    const run = await runCli(repo.dir, ['doctor'], { ...NO_KEYS, HOME: tempDir('swarm-home-') });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/no {2}claude-code \(configured\)/);
    expect(run.stdout).toMatch(/binary {2}ok {2}2\.1\.332/);
    expect(run.stdout).toMatch(/auth {4}no {2}Claude Code is not logged in/);
    expect(run.stdout).toMatch(/binary {2}ok {2}codex-cli 0\.171\.0/);
    expect(run.stdout).toMatch(/auth {4}no {2}Codex is not logged in/);
    expect(run.stdout).toContain('not sent (cannot authenticate)');
    expect(run.stdout).toMatch(/price {3}ok {2}reports its cost in USD itself/);
    expect(run.stdout).toMatch(/ok {2}local[\s\S]*auth {4}ok {2}1 file\(s\) with EVOLVE-BLOCK regions/);
  }, 120_000);

  it('an agent.pool section (no "configured" mark), --json with the pool, exit 1 when an entry cannot work and 0 when all can', async () => {
    const pool = [
      { name: 'fast', backend: 'local' },
      { name: 'cheap-api', backend: 'openai', model: 'my-unpriced-model' },
      { name: 'cli', backend: 'command', command: { argv: ['node', '-e', '0'] } },
    ];
    const repo = createToyRepo({ agent: { backend: 'local', pool }, budget: { costUsd: 5 } });
    cleanups.push(repo.cleanup);
    const run = await runCli(repo.dir, ['doctor', '--no-baseline'], { ...NO_KEYS, HOME: tempDir('swarm-home-') });
    expect(run.code, run.stdout).toBe(1);
    const section = run.stdout.slice(run.stdout.indexOf('agent.pool (the run needs every entry):'));
    expect(section).toMatch(/ok {2}fast \(local\)/);
    expect(section).toMatch(/no {2}cheap-api \(openai\)[\s\S]*auth {4}no {2}[^\n]*OPENAI_API_KEY[\s\S]*price {3}no {2}model "my-unpriced-model" \(agent\.model\): price unknown/);
    expect(section).toMatch(/ok {2}cli \(command\)/);
    expect(run.stdout).not.toContain('(configured)');
    const json = JSON.parse((await runCli(repo.dir, ['doctor', '--no-baseline', '--json'], { ...NO_KEYS, HOME: tempDir('swarm-home-') })).stdout) as { pool: Array<{ name: string; backend: string; ok: boolean }> };
    expect(json.pool.map((e) => [e.name, e.backend, e.ok])).toEqual([['fast', 'local', true], ['cheap-api', 'openai', false], ['cli', 'command', true]]);
    // With the openai entry gone, the pool can work: doctor exits 0.
    const fine = createToyRepo({ agent: { backend: 'local', pool: [pool[0], pool[2]] } });
    cleanups.push(fine.cleanup);
    const ok = await runCli(fine.dir, ['doctor', '--no-baseline'], { ...NO_KEYS, HOME: tempDir('swarm-home-') });
    expect(ok.code, ok.stdout).toBe(0);
  }, 180_000);
});
