import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeCodeAccess } from '../../../src/agents/claude-code/claude-access.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-cred-'));
  dirs.push(dir);
  return dir;
};

describe('claudeCodeAccess', () => {
  it('finds a login in CLAUDE_CONFIG_DIR/.credentials.json without running claude', async () => {
    const dir = temp();
    writeFileSync(join(dir, '.credentials.json'), '{}');
    expect(await claudeCodeAccess(null, { HOME: temp(), CLAUDE_CONFIG_DIR: dir })).toEqual({ ok: true, detail: `logged in (${join(dir, '.credentials.json')})` });
  });

  it('names the fix when there is neither a key nor a login', async () => {
    const home = temp();
    const check = await claudeCodeAccess(null, { HOME: home });
    expect(check.ok).toBe(false);
    expect(check.detail).toContain(join(home, '.claude', '.credentials.json'));
  });
});

describe('claude auth status, as claudeCodeAccess runs it', () => {
  it('is not handed a blank CLAUDE_CONFIG_DIR (claude would write its backups into the current directory)', async () => {
    const dir = temp();
    const seen = join(dir, 'seen.txt');
    const fake = join(dir, 'claude');
    writeFileSync(fake, `#!/bin/sh\nif [ "\${CLAUDE_CONFIG_DIR+set}" = set ]; then echo "set:$CLAUDE_CONFIG_DIR" > "${seen}"; else echo unset > "${seen}"; fi\necho '{"loggedIn":true,"authMethod":"fake"}'\n`, { mode: 0o755 });
    const blank = await claudeCodeAccess(fake, { HOME: temp(), PATH: process.env.PATH, CLAUDE_CONFIG_DIR: '' });
    expect(blank).toEqual({ ok: true, detail: 'logged in (claude auth status: fake)' });
    expect(readFileSync(seen, 'utf8').trim()).toBe('unset');
    const chosen = temp();
    await claudeCodeAccess(fake, { HOME: temp(), PATH: process.env.PATH, CLAUDE_CONFIG_DIR: chosen });
    expect(readFileSync(seen, 'utf8').trim()).toBe(`set:${chosen}`);
  });
});
