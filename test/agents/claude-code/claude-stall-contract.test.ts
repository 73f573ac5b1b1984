import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClaudeCodeAgent } from '../../../src/agents/claude-code/claude-code-agent.js';
import { findBinary } from '../../../src/agents/cli-common/resolve-binary.js';
import type { AgentBackend } from '../../../src/core/ports/index.js';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { cliTask, createCliFixture, processesIn, type CliFixture } from './cli-fixture.js';

const binaryPath = findBinary('claude');
if (binaryPath === null) throw new Error('the pinned devDependency @anthropic-ai/claude-code is not installed; run npm ci');

// swarm's default claude-code settings.
const agent: AgentBackend = createClaudeCodeAgent({ binary: 'claude', binaryPath, permissionMode: 'acceptEdits', maxBudgetUsd: null, extraArgs: [] });

/** A Messages API whose stream opens (message_start) and then never sends another byte. */
const startStallingServer = (): Promise<FakeServer> => startFakeServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write(`event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { id: 'msg_stall', type: 'message', role: 'assistant', model: 'claude-fake', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } })}\n\n`);
});

describe('a stalled model stream is named as one (real claude binary, fake Messages API)', () => {
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

  const env = (url: string): Record<string, string> => ({
    HOME: fx.home, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
    DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', API_TIMEOUT_MS: '600000',
  });

  it('with agent.stallTimeout: stopped as "stalled", naming the silence and the last event', async () => {
    server = await startStallingServer();
    const worktree = fx.addWorktree('a1');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', env: env(server.url), timeoutMs: 60_000, stallTimeoutMs: 4000 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^claude stalled: no output for \d+ s after system\/init, stopped by agent\.stallTimeout \(4 s\)/);
    expect(outcome.error).not.toContain('timed out');
    expect(processesIn(fx.dir)).toEqual([]);
  }, 90_000);

  it('without it: the timeout\'s reason says the stream was silent since system/init', async () => {
    server = await startStallingServer();
    const worktree = fx.addWorktree('a1');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', env: env(server.url), timeoutMs: 20_000 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^claude timed out after 20 s with no output for the last \d+ s after system\/init \(a stalled model stream or a hung tool\)/);
  }, 90_000);
});
