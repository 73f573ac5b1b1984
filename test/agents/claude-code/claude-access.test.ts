import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
