import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { doctor, type DoctorReport } from '../../../src/index.js';
import { withEnv } from '../../support/api-run.js';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler } from '../../support/fake-llm/anthropic-messages.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import { codexConfigToml, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { createToyRepo } from '../../support/toy-repo.js';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const serve = async (server: Promise<FakeServer>): Promise<FakeServer> => {
  const started = await server;
  cleanups.push(() => started.close());
  return started;
};

/**
 * No key or login from the test's own environment. CLAUDE_CONFIG_DIR is removed rather than
 * blanked: claude reads an empty one as its working directory, which in-process is this checkout.
 */
const NO_KEYS = {
  ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', ANTHROPIC_BASE_URL: '', CLAUDE_CODE_OAUTH_TOKEN: '', CLAUDE_CONFIG_DIR: undefined,
  OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CODEX_API_KEY: '', CODEX_HOME: '',
};

/** `swarm doctor` through the API, with `env` as the process's environment for the call (and the progress lines it reported). */
const diagnose = async (cwd: string, env: Record<string, string | undefined>, options: { probe?: boolean; baseline?: boolean } = {}): Promise<{ report: DoctorReport; progress: string[] }> => {
  const progress: string[] = [];
  const report = await withEnv(env, () => doctor({ cwd, ...options, progress: (line) => progress.push(line) }));
  return { report, progress };
};

const backendsOf = (report: DoctorReport) => new Map(report.backends.map((b) => [b.backend, b]));

/** What the CLI's exit code says (1: the configured backend, or an agent.pool entry, cannot work, or the project has a problem). */
const wouldWork = (report: DoctorReport): boolean =>
  !(report.pool.length > 0 ? report.pool.some((entry) => !entry.ok) : report.backends.find((b) => b.backend === report.configured)?.ok === false) && (report.project?.problems.length ?? 0) === 0;

/** How the CLI prints these reports and exits: test/cli/commands/doctor-checks.test.ts. */
describe('swarm doctor', () => {
  it('says for each backend: binary found (version), can authenticate, probe; the configured one cannot work', async () => {
    const repo = createToyRepo({ agent: { backend: 'claude-code' } });
    cleanups.push(repo.cleanup);
    const { report } = await diagnose(repo.dir, { ...NO_KEYS, HOME: tempDir('swarm-home-') });
    const byName = backendsOf(report);
    expect(report.configured).toBe('claude-code');
    expect(byName.get('claude-code')?.ok).toBe(false);
    expect(wouldWork(report)).toBe(false);
    expect(byName.get('claude-code')?.binary?.version).toMatch(/^2\.1\.332/);
    expect(byName.get('claude-code')?.auth).toMatchObject({ ok: false, detail: expect.stringMatching(/^Claude Code is not logged in/) as unknown });
    expect(byName.get('claude-code')?.probe).toBeNull();
    expect(byName.get('codex')?.binary?.version).toMatch(/^codex-cli 0\.171\.0/);
    expect(byName.get('codex')?.auth).toMatchObject({ ok: false, detail: expect.stringMatching(/^Codex is not logged in/) as unknown });
    expect(byName.get('codex')?.probe).toBeNull();
    expect(byName.get('local')).toMatchObject({ ok: true, auth: { ok: true, detail: expect.stringMatching(/^1 file\(s\) with EVOLVE-BLOCK regions/) as unknown } });
  }, 120_000);

  it('shows the price each backend\'s spending is counted with, and which would refuse the dollar budget', async () => {
    const repo = createToyRepo({ agent: { backend: 'openai', model: 'my-unpriced-model' }, budget: { costUsd: 5 } });
    cleanups.push(repo.cleanup);
    const { report } = await diagnose(repo.dir, { ...NO_KEYS, HOME: tempDir('swarm-home-') });
    const byName = backendsOf(report);
    expect(byName.get('openai')?.price).toMatchObject({ ok: false, detail: expect.stringMatching(/^model "my-unpriced-model" \(agent\.model\): price unknown/) as unknown });
    expect(byName.get('anthropic')?.price).toMatchObject({ ok: true, detail: expect.stringMatching(/^model "claude-sonnet-5-5" \(the anthropic backend's default\): \$2 \/ \$10 per million/) as unknown });
    const prices = report.backends.map((b) => b.price);
    expect(prices).toContainEqual({ ok: true, detail: expect.stringMatching(/^reports its cost in USD itself/) as unknown });
    expect(prices).toContainEqual({ ok: false, detail: expect.stringMatching(/^model chosen by the CLI/) as unknown });
  }, 120_000);

  it('checks every agent.pool entry under its own model and settings; one that cannot work fails the pool', async () => {
    const pool = [
      { name: 'fast', backend: 'local' },
      { name: 'cheap-api', backend: 'openai', model: 'my-unpriced-model' },
      { name: 'cli', backend: 'command', command: { argv: ['node', '-e', '0'] } },
    ];
    const repo = createToyRepo({ agent: { backend: 'local', pool }, budget: { costUsd: 5 } });
    cleanups.push(repo.cleanup);
    const { report } = await diagnose(repo.dir, { ...NO_KEYS, HOME: tempDir('swarm-home-') }, { baseline: false });
    expect(report.pool.map((e) => [e.name, e.backend, e.ok])).toEqual([['fast', 'local', true], ['cheap-api', 'openai', false], ['cli', 'command', true]]);
    expect(report.pool[1]?.auth).toMatchObject({ ok: false, detail: expect.stringContaining('OPENAI_API_KEY') as unknown });
    expect(report.pool[1]?.price).toMatchObject({ ok: false, detail: expect.stringMatching(/^model "my-unpriced-model" \(agent\.model\): price unknown/) as unknown });
    expect(wouldWork(report)).toBe(false);
    // With the openai entry gone, the pool can work.
    const fine = createToyRepo({ agent: { backend: 'local', pool: [pool[0], pool[2]] } });
    cleanups.push(fine.cleanup);
    const ok = (await diagnose(fine.dir, { ...NO_KEYS, HOME: tempDir('swarm-home-') }, { baseline: false })).report;
    expect(ok.pool.map((e) => [e.name, e.ok])).toEqual([['fast', true], ['cli', true]]);
    expect(wouldWork(ok)).toBe(true);
  }, 120_000);

  it('probe sends one tiny request through each backend that can authenticate, and never reports a key', async () => {
    // Claude Code streams (SSE); swarm's anthropic backend asks for one JSON reply.
    const streaming = anthropicHandler(() => ({ kind: 'text', text: 'ok' }));
    const anthropic = await serve(startFakeServer((request, response) => {
      const stream = typeof request.body === 'object' && request.body !== null && 'stream' in request.body && request.body.stream === true;
      if (stream || request.method !== 'POST') {
        streaming(request, response);
        return;
      }
      writeJson(response, 200, {
        id: 'msg_probe', type: 'message', role: 'assistant', model: 'fake', content: [{ type: 'text', text: 'ok' }],
        stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 },
      });
    }));
    const openai = await serve(startFakeOpenAi(() => ({ kind: 'message', text: 'ok' })));
    const responses = await serve(startFakeServer(responsesHandler(() => ({ kind: 'message', text: 'ok' }))));
    const codexHome = tempDir('swarm-codex-home-');
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(responses.url));
    const home = tempDir('swarm-home-');
    mkdirSync(join(home, '.claude'), { recursive: true });
    const dir = tempDir('swarm-doctor-');
    const { report, progress } = await diagnose(dir, {
      ...NO_KEYS, HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-codex-secret',
      ANTHROPIC_API_KEY: 'sk-fake-anthropic-secret', ANTHROPIC_BASE_URL: anthropic.url, CLAUDE_CODE_MAX_RETRIES: '0',
      OPENAI_API_KEY: 'sk-fake-openai-secret', OPENAI_BASE_URL: `${openai.url}/v1`,
    }, { probe: true });
    const byName = backendsOf(report);
    expect(wouldWork(report), JSON.stringify(report)).toBe(true);
    expect(byName.get('anthropic')?.probe).toMatchObject({ ok: true, detail: expect.stringContaining('answered: ok') as unknown });
    expect(byName.get('openai')?.probe).toMatchObject({ ok: true, detail: expect.stringContaining('answered: ok') as unknown });
    expect(byName.get('claude-code')?.probe).toMatchObject({ ok: true, detail: 'answered: ok' });
    expect(byName.get('codex')?.auth).toEqual({ ok: true, detail: `model provider "fake": FAKE_OPENAI_KEY is set; ${responses.url}/v1 answers (HTTP 404)` });
    expect(byName.get('codex')?.probe).toMatchObject({ ok: true, detail: 'answered: ok' });
    expect(byName.get('command')?.probe).toBeNull();
    expect(anthropic.requests.some((r) => r.method === 'POST')).toBe(true);
    expect(openai.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(responses.requests.some((r) => r.method === 'POST')).toBe(true);
    for (const secret of ['sk-fake-codex-secret', 'sk-fake-anthropic-secret', 'sk-fake-openai-secret']) {
      expect(JSON.stringify(report)).not.toContain(secret);
      expect(progress.join('\n')).not.toContain(secret);
    }
  }, 180_000);

  it('probe reports a model server that refuses the key', async () => {
    const openai = await serve(startFakeOpenAi(() => ({ kind: 'error', status: 401, message: 'invalid key sk-fake-refused-secret' })));
    const dir = tempDir('swarm-doctor-');
    const { report } = await diagnose(dir, { ...NO_KEYS, HOME: tempDir('swarm-home-'), OPENAI_API_KEY: 'sk-fake-refused-secret', OPENAI_BASE_URL: `${openai.url}/v1` }, { probe: true });
    const probe = backendsOf(report).get('openai')?.probe;
    expect(probe?.ok).toBe(false);
    expect(probe?.detail).toContain('401');
    expect(JSON.stringify(report)).not.toContain('sk-fake-refused-secret');
  }, 60_000);
});
