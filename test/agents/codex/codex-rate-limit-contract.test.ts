import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCodexAgent } from '../../../src/agents/codex/codex-agent.js';
import { findBinary } from '../../../src/agents/cli-common/resolve-binary.js';
import { continuationOf, CONTINUE_PROMPT, limitOf } from '../../../src/app/attempt/run-agent-parked.js';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { codexConfigToml, responsesBody, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { cliTask, createCliFixture, type CliFixture } from '../claude-code/cli-fixture.js';

const binaryPath = findBinary('codex');
if (binaryPath === null) throw new Error('the pinned devDependency @openai/codex is not installed; run npm ci');
const agent = createCodexAgent({ binary: 'codex', binaryPath, sandbox: 'workspace-write', extraArgs: [], configOverrides: {}, prices: {} });

describe('codex at a usage limit (real codex binary, fake Responses API)', () => {
  let fx: CliFixture;
  let server: FakeServer | null = null;
  beforeEach(() => {
    fx = createCliFixture();
  });
  afterEach(async () => {
    await server?.close();
    server = null;
    fx.cleanup();
  });

  it('reports the usage limit with its reset, and its thread continues after the wait', async () => {
    let limited = true;
    const resetsAt = Math.floor(Date.now() / 1000) + 3 * 3600;
    const answer = responsesHandler(() => ({ kind: 'message', text: 'Done.\nHYPOTHESIS: continued after the limit' }));
    server = await startFakeServer((request, response) => {
      if (limited && responsesBody(request) !== null) {
        writeJson(response, 429, { error: { type: 'usage_limit_reached', message: 'The usage limit has been reached', plan_type: 'pro', resets_at: resetsAt, resets_in_seconds: 3 * 3600 } });
        return;
      }
      answer(request, response);
    });
    const codexHome = join(fx.dir, 'codex-home');
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    const env = { HOME: fx.home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-test' };
    const worktree = fx.addWorktree('a1');
    const task = cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore MARKER-FIRST-PROMPT', model: 'gpt-5.5', env });
    const first = await agent.run(task, new AbortController().signal);
    expect(first.status).toBe('failed');
    // Codex says it in words ("You've hit your usage limit. … try again at 11:56 AM."), to the minute.
    expect(first.error).toMatch(/hit your usage limit/);
    const limit = limitOf(first);
    expect(limit?.kind).toBe('usage-limit');
    expect(limit!.resetAt! - resetsAt * 1000).toBeGreaterThanOrEqual(0);
    expect(limit!.resetAt! - resetsAt * 1000).toBeLessThanOrEqual(60_000);
    expect(first.session?.id).toEqual(expect.any(String));

    limited = false;
    const second = await agent.run({ ...continuationOf(task, first, task.timeoutMs), logDir: fx.logDir('a1-continued') }, new AbortController().signal);
    expect(second.status, second.error).toBe('completed');
    expect(second.hypothesis).toBe('continued after the limit');
    const last = server.requests.map(responsesBody).filter((b) => b !== null).at(-1);
    const text = JSON.stringify(last);
    expect(text).toContain('MARKER-FIRST-PROMPT');
    expect(text).toContain(CONTINUE_PROMPT.slice(0, 40));
  }, 120_000);
});
