import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { doctor, type DoctorReport } from '../../../src/index.js';
import { createCodexHome } from '../../agents/codex/codex-home.js';
import { withEnv } from '../../support/api-run.js';
import { createToyRepo } from '../../support/toy-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/**
 * No key or login from the test's own environment. CLAUDE_CONFIG_DIR is removed rather than
 * blanked: claude reads an empty one as its working directory, which in-process is this checkout.
 */
const NO_KEYS = {
  ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', ANTHROPIC_BASE_URL: '', CLAUDE_CODE_OAUTH_TOKEN: '', CLAUDE_CONFIG_DIR: undefined,
  OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CODEX_API_KEY: '', CODEX_HOME: '',
};

/** `swarm doctor --no-baseline` through the API, with `env` as the process's environment for the call. */
const diagnose = (cwd: string, env: Record<string, string | undefined>): Promise<DoctorReport> => withEnv(env, () => doctor({ cwd, baseline: false }));
const writesOf = (report: DoctorReport, backend: string) => report.backends.find((b) => b.backend === backend);

/** How doctor prints these checks and exits: test/cli/commands/doctor-writes.test.ts. */
describe('swarm doctor: what would keep an agent from writing', () => {
  it('warns of a codex home under the temp dir, and its sandbox probe fails in codex\'s words', async () => {
    const repo = createToyRepo({ agent: { backend: 'codex' } });
    cleanups.push(repo.cleanup);
    const home = tempDir('swarm-home-');
    const codexHome = tempDir('swarm-codex-tmp-home-');
    const codex = writesOf(await diagnose(repo.dir, { ...NO_KEYS, HOME: home, CODEX_HOME: codexHome }), 'codex');
    expect(codex?.ok).toBe(false);
    expect(codex?.writes).toContainEqual({ ok: false, detail: expect.stringMatching(new RegExp(`^codex's home ${codexHome} is under the temporary dir [^ ]+: codex refuses to create its sandbox helper there`)) as unknown });
    expect(codex?.writes).toContainEqual({ ok: false, detail: expect.stringMatching(/^codex could not create a file through its sandbox \(workspace-write\): codex could not create its sandbox helper: Refusing to create helper binaries/) as unknown });
  }, 60_000);

  it('finds nothing wrong with a codex home outside the temp dir: the probe file is created and removed', async () => {
    const repo = createToyRepo({ agent: { backend: 'codex' } });
    cleanups.push(repo.cleanup);
    const codexHome = createCodexHome('http://127.0.0.1:9');
    cleanups.push(codexHome.cleanup);
    const report = await diagnose(repo.dir, { ...NO_KEYS, HOME: tempDir('swarm-home-'), CODEX_HOME: codexHome.dir });
    expect(writesOf(report, 'codex')?.writes).toEqual([{ ok: true, detail: 'a file created and removed in a fresh directory through codex\'s workspace-write sandbox' }]);
  }, 60_000);

  it('warns of a codex sandbox that cannot write', async () => {
    const repo = createToyRepo({ agent: { backend: 'codex', codex: { sandbox: 'read-only' } } });
    cleanups.push(repo.cleanup);
    const codexHome = createCodexHome('http://127.0.0.1:9');
    cleanups.push(codexHome.cleanup);
    const report = await diagnose(repo.dir, { ...NO_KEYS, HOME: tempDir('swarm-home-'), CODEX_HOME: codexHome.dir });
    const writes = writesOf(report, 'codex')?.writes ?? [];
    expect(writes[0]).toEqual({ ok: false, detail: 'agent.codex.sandbox is "read-only": codex cannot write the worktree; use "workspace-write"' });
    expect(writes[1]?.detail).toMatch(/^codex could not create a file through its sandbox \(read-only\): .*Read-only file system/);
  }, 60_000);

  it('warns of Claude Code settings that deny Edit, and of a permission mode that cannot edit', async () => {
    const repo = createToyRepo({ agent: { backend: 'claude-code', claudeCode: { permissionMode: 'plan' } } });
    cleanups.push(repo.cleanup);
    const home = tempDir('swarm-home-');
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Edit', 'Write(./secrets/**)', 'Bash(rm:*)'] } }));
    const report = await diagnose(repo.dir, { ...NO_KEYS, HOME: home });
    expect(writesOf(report, 'claude-code')?.writes).toEqual([
      { ok: false, detail: 'agent.claudeCode.permissionMode is "plan": Claude Code edits no file; use "acceptEdits"' },
      { ok: false, detail: `${join(home, '.claude', 'settings.json')} denies Edit: Claude Code cannot change the worktree's files; remove the rule or narrow it to the paths it should protect` },
    ]);
    expect(writesOf(report, 'claude-code')?.ok).toBe(false);
  }, 60_000);
});
