import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClaudeCodeAgent } from '../../../src/agents/claude-code/claude-code-agent.js';
import { findBinary } from '../../../src/agents/cli-common/resolve-binary.js';
import { continuationOf, CONTINUE_PROMPT } from '../../../src/app/attempt/run-agent-parked.js';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, messagesBody, requestText } from '../../support/fake-llm/anthropic-messages.js';
import { cliTask, createCliFixture, type CliFixture } from './cli-fixture.js';

const binaryPath = findBinary('claude');
if (binaryPath === null) throw new Error('the pinned devDependency @anthropic-ai/claude-code is not installed; run npm ci');
const agent = createClaudeCodeAgent({ binary: 'claude', binaryPath, permissionMode: 'acceptEdits', maxBudgetUsd: null, extraArgs: [] });

describe('claude-code at an HTTP 429 (real claude binary, fake Messages API)', () => {
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

  it('reports the limit instead of a plain failure, and its session continues after the wait', async () => {
    let limited = true;
    const answer = anthropicHandler(() => ({ kind: 'text', text: 'Done.\nHYPOTHESIS: continued after the limit' }));
    server = await startFakeServer((request, response) => {
      if (limited && messagesBody(request) !== null) {
        writeJson(response, 429, { type: 'error', error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' } }, { 'retry-after': '2' });
        return;
      }
      answer(request, response);
    });
    const worktree = fx.addWorktree('a1');
    const env = { HOME: fx.home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
    const task = cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore MARKER-FIRST-PROMPT', env });
    const first = await agent.run(task, new AbortController().signal);
    expect(first.status).toBe('failed');
    expect(first.limit).toMatchObject({ kind: 'rate-limit' });
    expect(first.session?.id).toEqual(expect.any(String));

    limited = false;
    const next = continuationOf(task, first, task.timeoutMs);
    const second = await agent.run({ ...next, logDir: fx.logDir('a1-continued') }, new AbortController().signal);
    expect(second.error).toBeUndefined();
    expect(second.status).toBe('completed');
    expect(second.hypothesis).toBe('continued after the limit');
    // The resumed session still holds the first prompt, then the note to continue.
    const last = server.requests.map(messagesBody).filter((b) => b !== null).at(-1);
    expect(last).toBeDefined();
    const text = requestText(last!);
    expect(text).toContain('MARKER-FIRST-PROMPT');
    expect(text).toContain(CONTINUE_PROMPT.slice(0, 40));
  }, 120_000);
});
