import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClaudeCodeAgent } from '../../../src/agents/claude-code/claude-code-agent.js';
import { findBinary } from '../../../src/agents/cli-common/resolve-binary.js';
import type { AgentBackend } from '../../../src/core/ports/index.js';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, endsWithToolResult, messagesBody, offeredTools, requestText } from '../../support/fake-llm/anthropic-messages.js';
import { cliTask, createCliFixture, processesIn, type CliFixture } from './cli-fixture.js';

const binaryPath = findBinary('claude');
if (binaryPath === null) throw new Error('the pinned devDependency @anthropic-ai/claude-code is not installed; run npm ci');

const agent: AgentBackend = createClaudeCodeAgent({ binary: 'claude', binaryPath, permissionMode: 'acceptEdits', maxBudgetUsd: null, extraArgs: [] });

const claudeEnv = (fx: CliFixture, baseUrl: string): Record<string, string> => ({
  HOME: fx.home,
  ANTHROPIC_BASE_URL: baseUrl,
  ANTHROPIC_API_KEY: 'sk-fake-test',
  CLAUDE_CODE_MAX_RETRIES: '0',
  DISABLE_TELEMETRY: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
});

describe('claude-code backend against the real claude binary and a fake Messages API', () => {
  let fx: CliFixture;
  let server: FakeServer | null = null;
  // The file the fake model writes with Claude Code's own Write tool, per request.
  let target = '';

  beforeEach(() => {
    fx = createCliFixture();
  });
  afterEach(async () => {
    await server?.close();
    server = null;
    fx.cleanup();
  });

  const startEditingModel = async (): Promise<FakeServer> => {
    server = await startFakeServer(anthropicHandler((body) => {
      if (!endsWithToolResult(body) && offeredTools(body).includes('Write')) {
        return { kind: 'tool_use', name: 'Write', input: { file_path: target, content: 'const a = 3;\n' } };
      }
      return { kind: 'text', text: 'Set a to 3.\nHYPOTHESIS: a = 3 is optimal' };
    }));
    return server;
  };

  it('runs an explorer that edits a file with its own tool and reports session, usage and cost', async () => {
    const fake = await startEditingModel();
    const worktree = fx.addWorktree('a1');
    target = join(worktree, 'tuned.js');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore MARKER-EXPLORER', env: claudeEnv(fx, fake.url) }), new AbortController().signal);

    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe('completed');
    expect(readFileSync(target, 'utf8')).toBe('const a = 3;\n');
    expect(outcome.summary).toBe('Set a to 3.');
    expect(outcome.hypothesis).toBe('a = 3 is optimal');
    expect(outcome.session?.backend).toBe('claude-code');
    expect(outcome.session?.id).toMatch(/^[0-9a-f-]{36}$/);
    // Two model calls of 100 input and 20 output tokens each (the fake's usage).
    expect(outcome.usage.inputTokens).toBe(200);
    expect(outcome.usage.outputTokens).toBe(40);
    expect(outcome.usage.costUsd).toBeGreaterThan(0);
    expect(outcome.session?.cumulativeCostUsd).toBeCloseTo(outcome.usage.costUsd, 10);
    expect(outcome.transcriptPath && existsSync(outcome.transcriptPath)).toBe(true);
    // Role instructions went to the system prompt, the attempt prompt to the conversation.
    const first = messagesBody(fake.requests.find((r) => messagesBody(r) !== null) ?? fake.requests[0]!);
    expect(JSON.stringify(first)).toContain('You are a test explorer.');
  });

  it('forks the parent session for an optimizer in another worktree: parent history seen, new id, own cost', async () => {
    const fake = await startEditingModel();
    const parentTree = fx.addWorktree('a1');
    target = join(parentTree, 'tuned.js');
    const parent = await agent.run(cliTask({ worktree: parentTree, logDir: fx.logDir('a1'), prompt: 'Explore MARKER-PARENT', env: claudeEnv(fx, fake.url) }), new AbortController().signal);
    expect(parent.status).toBe('completed');
    const seenBefore = fake.requests.length;

    const childTree = fx.addWorktree('a2');
    target = join(childTree, 'refined.js');
    const child = await agent.run(
      cliTask({
        worktree: childTree, logDir: fx.logDir('a2'), role: 'optimizer', prompt: 'Refine MARKER-CHILD', systemPrompt: 'You are a test optimizer.',
        forkFrom: parent.session!, env: claudeEnv(fx, fake.url),
      }),
      new AbortController().signal,
    );

    expect(child.status).toBe('completed');
    expect(existsSync(join(childTree, 'refined.js'))).toBe(true);
    expect(existsSync(join(parentTree, 'refined.js'))).toBe(false);
    const forkRequests = fake.requests.slice(seenBefore).map(messagesBody).filter((b) => b !== null);
    expect(forkRequests.length).toBeGreaterThan(0);
    const history = requestText(forkRequests[0]!);
    expect(history).toContain('MARKER-PARENT');
    expect(history).toContain('MARKER-CHILD');
    // The fork's own role instructions, not the parent's recorded system prompt.
    const system = JSON.stringify(z.looseObject({ system: z.unknown() }).parse(forkRequests[0]).system);
    expect(system).toContain('You are a test optimizer.');
    expect(system).not.toContain('You are a test explorer.');
    expect(child.session?.id).not.toBe(parent.session?.id);
    // Cumulative cost grows over the fork; the attempt's own cost is the difference.
    const parentTotal = parent.session?.cumulativeCostUsd ?? 0;
    const childTotal = child.session?.cumulativeCostUsd ?? 0;
    expect(childTotal).toBeGreaterThan(parentTotal);
    expect(child.usage.costUsd).toBeCloseTo(childTotal - parentTotal, 10);
  });

  it('fails with the reason when the model server is down', async () => {
    const fake = await startFakeServer(() => undefined);
    const url = fake.url;
    await fake.close();
    const worktree = fx.addWorktree('a1');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', env: claudeEnv(fx, url), timeoutMs: 60_000 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    // Measured: is_error true with subtype "success" and the connection error in `result`.
    expect(outcome.error).toMatch(/claude reported an error.*Connection refused/);
    expect(outcome.error).not.toMatch(/timed out/);
  });

  it('names a model API that keeps failing, with its status and retry count, instead of blaming the timeout', async () => {
    server = await startFakeServer((_request, response) => writeJson(response, 500, { type: 'error', error: { type: 'api_error', message: 'fake outage' } }));
    const worktree = fx.addWorktree('a1');
    const env = { ...claudeEnv(fx, server.url), CLAUDE_CODE_MAX_RETRIES: '10' };
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', env, timeoutMs: 4000 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^the model API answered HTTP 500 (once|twice|\d+ times) and Claude Code was still retrying when the agent timeout stopped it; check that the model API/);
    expect(outcome.error).not.toMatch(/raise agent\.timeout/);
  });

  it('names a missing login and its fix, without Claude Code\'s subtype', async () => {
    server = await startFakeServer(() => undefined);
    const worktree = fx.addWorktree('a1');
    const { ANTHROPIC_API_KEY: _key, ...env } = claudeEnv(fx, server.url);
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', env }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^Claude Code is not logged in .*set ANTHROPIC_API_KEY, or run `claude` once and log in with \/login$/);
    expect(outcome.error).not.toMatch(/success/);
  });

  it('records what a run killed by its timeout spent, priced with agent.prices', async () => {
    // One tool call (100 input, 20 output tokens), then the model never answers again.
    const edits = anthropicHandler(() => ({ kind: 'tool_use', name: 'Write', input: { file_path: target, content: 'x\n' } }));
    server = await startFakeServer((request, response) => (endsWithToolResult(messagesBody(request) ?? { model: '', messages: [] }) ? new Promise<void>(() => undefined) : edits(request, response)));
    const worktree = fx.addWorktree('a1');
    target = join(worktree, 'tuned.js');
    const priced = createClaudeCodeAgent({ binary: 'claude', binaryPath: binaryPath!, permissionMode: 'acceptEdits', maxBudgetUsd: null, extraArgs: [], prices: { 'claude-fake': { input: 3, output: 15 } } });
    const outcome = await priced.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', model: 'claude-fake', env: claudeEnv(fx, server.url), timeoutMs: 5000 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/timed out/);
    // Measured: the assistant event is written when its content block ends, with the output tokens
    // counted so far (the final count comes in message_delta, which print mode does not forward).
    expect(outcome.usage.inputTokens).toBe(100);
    expect(outcome.usage.outputTokens).toBeGreaterThan(0);
    expect(outcome.usage.costUsd).toBeCloseTo((100 * 3 + outcome.usage.outputTokens * 15) / 1e6, 12);
  });

  it('stops an agent that exceeds its timeout and leaves no process behind', async () => {
    // A model that never answers.
    server = await startFakeServer(() => new Promise<void>(() => undefined));
    const worktree = fx.addWorktree('a1');
    const started = Date.now();
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', env: claudeEnv(fx, server.url), timeoutMs: 2500 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/timed out after 3 s/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(processesIn(fx.dir)).toEqual([]);
  });

  it('stops the agent when the run is aborted', async () => {
    server = await startFakeServer(() => new Promise<void>(() => undefined));
    const worktree = fx.addWorktree('a1');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1500);
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', env: claudeEnv(fx, server.url) }), controller.signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/interrupted/);
    expect(processesIn(fx.dir)).toEqual([]);
  });
});
