import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToyRepo, runCli } from '../../support/toy-repo.js';

/**
 * How `swarm doctor` prints what would keep an agent from writing, and its exit code. The checks
 * themselves (codex homes and sandboxes, Claude Code settings): test/app/setup/doctor-writes-e2e.test.ts.
 */
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const NO_KEYS = {
  ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', ANTHROPIC_BASE_URL: '', CLAUDE_CODE_OAUTH_TOKEN: '', CLAUDE_CONFIG_DIR: '',
  OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CODEX_API_KEY: '', CODEX_HOME: '',
};

describe('swarm doctor prints each write check', () => {
  it('a "writes  no" line per thing that keeps the configured backend from writing, and exit 1', async () => {
    const repo = createToyRepo({ agent: { backend: 'claude-code', claudeCode: { permissionMode: 'plan' } } });
    cleanups.push(repo.cleanup);
    const home = mkdtempSync(join(tmpdir(), 'swarm-home-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Edit'] } }));
    const run = await runCli(repo.dir, ['doctor', '--no-baseline'], { ...NO_KEYS, HOME: home });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('      writes  no  agent.claudeCode.permissionMode is "plan": Claude Code edits no file; use "acceptEdits"\n');
    expect(run.stdout).toContain(`      writes  no  ${join(home, '.claude', 'settings.json')} denies Edit: Claude Code cannot change the worktree's files;`);
  }, 120_000);
});
