import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler } from '../../support/fake-llm/anthropic-messages.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import { codexConfigToml, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { createToyRepo, runCli } from '../../support/toy-repo.js';

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

const NO_KEYS = {
  ANTHROPIC_API_KEY: '', ANTHROPIC_AUTH_TOKEN: '', ANTHROPIC_BASE_URL: '', CLAUDE_CODE_OAUTH_TOKEN: '', CLAUDE_CONFIG_DIR: '',
  OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CODEX_API_KEY: '', CODEX_HOME: '',
};

const check = z.object({ ok: z.boolean(), detail: z.string() });
const report = z.object({
  configured: z.string(),
  backends: z.array(z.object({
    backend: z.string(),
    binary: z.object({ name: z.string(), path: z.string().nullable(), version: z.string().nullable() }).nullable(),
    auth: check,
    probe: check.nullable(),
    ok: z.boolean(),
  })),
});
const backendsOf = (stdout: string) => new Map(report.parse(JSON.parse(stdout)).backends.map((b) => [b.backend, b]));

describe('swarm doctor', () => {
  it('says for each backend: binary found (version), can authenticate, probe; exit 1 when the configured one cannot work', async () => {
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
    expect(run.stdout).toMatch(/ok {2}local[\s\S]*auth {4}ok {2}1 file\(s\) with EVOLVE-BLOCK regions/);
  });

  it('shows the price each backend\'s spending is counted with, and which would refuse the dollar budget', async () => {
    const repo = createToyRepo({ agent: { backend: 'openai', model: 'my-unpriced-model' }, budget: { costUsd: 5 } });
    cleanups.push(repo.cleanup);
    const run = await runCli(repo.dir, ['doctor'], { ...NO_KEYS, HOME: tempDir('swarm-home-') });
    expect(run.stdout).toMatch(/price {3}no {2}model "my-unpriced-model" \(agent\.model\): price unknown/);
    expect(run.stdout).toMatch(/price {3}ok {2}model "claude-sonnet-5-5" \(the anthropic backend's default\): \$2 \/ \$10 per million/);
    expect(run.stdout).toMatch(/price {3}ok {2}reports its cost in USD itself/);
    expect(run.stdout).toMatch(/price {3}no {2}model chosen by the CLI/);
  });

  it('checks every agent.pool entry under its own model and settings, and exits 1 when one cannot work', async () => {
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
  });

  it('--probe sends one tiny request through each backend that can authenticate, and never prints a key', async () => {
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
    const run = await runCli(dir, ['doctor', '--probe', '--json'], {
      ...NO_KEYS, HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-codex-secret',
      ANTHROPIC_API_KEY: 'sk-fake-anthropic-secret', ANTHROPIC_BASE_URL: anthropic.url, CLAUDE_CODE_MAX_RETRIES: '0',
      OPENAI_API_KEY: 'sk-fake-openai-secret', OPENAI_BASE_URL: `${openai.url}/v1`,
    });
    const byName = backendsOf(run.stdout);
    expect(run.code, run.stdout).toBe(0);
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
      expect(run.stdout).not.toContain(secret);
      expect(run.stderr).not.toContain(secret);
    }
  }, 180_000);

  it('--probe reports a model server that refuses the key', async () => {
    const openai = await serve(startFakeOpenAi(() => ({ kind: 'error', status: 401, message: 'invalid key sk-fake-refused-secret' })));
    const dir = tempDir('swarm-doctor-');
    const run = await runCli(dir, ['doctor', '--probe', '--json'], { ...NO_KEYS, HOME: tempDir('swarm-home-'), OPENAI_API_KEY: 'sk-fake-refused-secret', OPENAI_BASE_URL: `${openai.url}/v1` });
    const probe = backendsOf(run.stdout).get('openai')?.probe;
    expect(probe?.ok).toBe(false);
    expect(probe?.detail).toContain('401');
    expect(run.stdout).not.toContain('sk-fake-refused-secret');
  }, 60_000);
});
