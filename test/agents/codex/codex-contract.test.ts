import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCodexAgent } from '../../../src/agents/codex/codex-agent.js';
import { findBinary } from '../../../src/agents/cli-common/resolve-binary.js';
import type { AgentBackend } from '../../../src/core/ports/index.js';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';
import { addFilePatch, endsWithToolOutput, offeredResponseTools, responsesBody, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { cliTask, createCliFixture, processesIn, type CliFixture } from '../claude-code/cli-fixture.js';
import { createCodexHome } from './codex-home.js';

const binaryPath = findBinary('codex');
if (binaryPath === null) throw new Error('the pinned devDependency @openai/codex is not installed; run npm ci');

// USD per million tokens: 1000 input (200 cached) and 50 output per call in the fake.
const PRICE = { input: 2, output: 10, cachedInput: 0.5 };
const agent: AgentBackend = createCodexAgent({
  binary: 'codex', binaryPath, sandbox: 'workspace-write', extraArgs: [], configOverrides: {}, prices: { 'gpt-5.5': PRICE },
});

const homes: Array<() => void> = [];
const codexEnv = (fx: CliFixture, baseUrl: string): Record<string, string> => {
  const codexHome = createCodexHome(baseUrl);
  homes.push(codexHome.cleanup);
  return { HOME: fx.home, CODEX_HOME: codexHome.dir, FAKE_OPENAI_KEY: 'sk-fake-test' };
};

describe('codex backend against the real codex binary and a fake Responses API', () => {
  let fx: CliFixture;
  let server: FakeServer | null = null;
  let fileName = '';

  beforeEach(() => {
    fx = createCliFixture();
  });
  afterEach(async () => {
    await server?.close();
    server = null;
    fx.cleanup();
    for (const cleanup of homes.splice(0)) cleanup();
  });

  const startPatchingModel = async (): Promise<FakeServer> => {
    server = await startFakeServer(responsesHandler((body) => {
      if (!endsWithToolOutput(body) && offeredResponseTools(body).includes('apply_patch')) {
        return { kind: 'custom_tool_call', name: 'apply_patch', input: addFilePatch(fileName, 'const a = 3;\n') };
      }
      return { kind: 'message', text: 'Set a to 3.\nHYPOTHESIS: a = 3 is optimal' };
    }));
    return server;
  };

  it('runs an explorer that edits a file with apply_patch and reports thread, tokens and priced cost', async () => {
    const fake = await startPatchingModel();
    const worktree = fx.addWorktree('a1');
    fileName = 'tuned.js';
    const outcome = await agent.run(
      cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore MARKER-EXPLORER', model: 'gpt-5.5', env: codexEnv(fx, fake.url) }),
      new AbortController().signal,
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe('completed');
    expect(readFileSync(join(worktree, 'tuned.js'), 'utf8')).toBe('const a = 3;\n');
    expect(outcome.summary).toBe('Set a to 3.');
    expect(outcome.hypothesis).toBe('a = 3 is optimal');
    expect(outcome.session?.backend).toBe('codex');
    // Two calls: 2000 input (400 cached), 100 output.
    expect(outcome.usage.inputTokens).toBe(2000);
    expect(outcome.usage.outputTokens).toBe(100);
    expect(outcome.usage.costUsd).toBeCloseTo((1600 * 2 + 400 * 0.5 + 100 * 10) / 1e6, 12);
    // Role instructions come first in the prompt.
    const first = responsesBody(fake.requests[0]!);
    expect(JSON.stringify(first)).toMatch(/You are a test explorer\.[\s\S]*MARKER-EXPLORER/);
  });

  it('forks the parent thread for an optimizer in another worktree: parent history seen, new id, own tokens', async () => {
    const fake = await startPatchingModel();
    const parentTree = fx.addWorktree('a1');
    fileName = 'tuned.js';
    const env = codexEnv(fx, fake.url);
    const parent = await agent.run(cliTask({ worktree: parentTree, logDir: fx.logDir('a1'), prompt: 'Explore MARKER-PARENT', model: 'gpt-5.5', env }), new AbortController().signal);
    expect(parent.status).toBe('completed');
    const seenBefore = fake.requests.length;

    const childTree = fx.addWorktree('a2');
    fileName = 'refined.js';
    const child = await agent.run(
      cliTask({
        worktree: childTree, logDir: fx.logDir('a2'), role: 'optimizer', prompt: 'Refine MARKER-CHILD', model: 'gpt-5.5', env,
        forkFrom: parent.session!, ...(parent.historyJson ? { forkHistoryJson: parent.historyJson } : {}),
      }),
      new AbortController().signal,
    );
    expect(child.error).toBeUndefined();
    expect(child.status).toBe('completed');
    expect(existsSync(join(childTree, 'refined.js'))).toBe(true);
    expect(existsSync(join(parentTree, 'refined.js'))).toBe(false);
    const history = JSON.stringify(responsesBody(fake.requests[seenBefore]!));
    expect(history).toContain('MARKER-PARENT');
    expect(history).toContain('MARKER-CHILD');
    expect(child.session?.id).not.toBe(parent.session?.id);
    // turn.completed reports running totals of the thread (measured: the fork's includes the parent's).
    expect(child.usage.inputTokens).toBe(2000);
    expect(child.usage.outputTokens).toBe(100);
    expect(child.session?.cumulativeCostUsd).toBeCloseTo(2 * (parent.session?.cumulativeCostUsd ?? 0), 12);
  });

  it('stops codex when the model server is down (it retries and hangs) and leaves no process behind', async () => {
    const fake = await startFakeServer(() => undefined);
    const url = fake.url;
    await fake.close();
    const worktree = fx.addWorktree('a1');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', model: 'gpt-5.5', env: codexEnv(fx, url), timeoutMs: 4000 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^codex timed out after 4 s.*last codex error: .*Connection failed/);
    expect(processesIn(fx.dir)).toEqual([]);
  });

  it('names an HTTP 500 of the model server by its class, not only codex\'s "high demand" words', async () => {
    server = await startFakeServer((_request, response) => writeJson(response, 500, { error: { message: 'fake internal error', type: 'server_error' } }));
    const worktree = fx.addWorktree('a1');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', model: 'gpt-5.5', env: codexEnv(fx, server.url) }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toContain('codex_error_info internal_server_error: the model server answered HTTP 5xx');
    expect(outcome.error).toContain('request_max_retries');
  }, 60_000);

  it('records the tokens of a turn the timeout stopped, from codex\'s rollout file, priced', async () => {
    fileName = 'tuned.js';
    // The first call edits a file; the second never answers, so turn.completed never comes.
    server = await startFakeServer((request, response) => {
      if (server!.requests.filter((r) => responsesBody(r) !== null).length > 1) return new Promise<void>(() => undefined);
      return responsesHandler(() => ({ kind: 'custom_tool_call', name: 'apply_patch', input: addFilePatch(fileName, 'const a = 3;\n') }))(request, response);
    });
    const worktree = fx.addWorktree('a1');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', model: 'gpt-5.5', env: codexEnv(fx, server.url), timeoutMs: 6000 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^codex timed out after 6 s/);
    expect(existsSync(join(worktree, 'tuned.js'))).toBe(true);
    // One answered call: 1000 input (200 cached), 50 output.
    expect(outcome.usage.inputTokens).toBe(1000);
    expect(outcome.usage.outputTokens).toBe(50);
    expect(outcome.usage.costUsd).toBeCloseTo((800 * 2 + 200 * 0.5 + 50 * 10) / 1e6, 12);
    expect(processesIn(fx.dir)).toEqual([]);
  });

  it('names the error codex exits with, not the frames of its symbol-less backtrace', async () => {
    server = await startFakeServer(() => undefined);
    const broken = createCodexAgent({
      binary: 'codex', binaryPath, sandbox: 'workspace-write', extraArgs: [], configOverrides: { model_provider: '"nope"' }, prices: {},
    });
    const worktree = fx.addWorktree('a1');
    const outcome = await broken.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', model: 'gpt-5.5', env: codexEnv(fx, server.url) }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    const stderr = readFileSync(join(fx.logDir('a1'), 'codex.stderr.log'), 'utf8');
    expect(stderr).toContain('<unknown>');
    expect(outcome.error).toMatch(/^codex exited with code 1: Error: Model provider `nope` not found/);
    expect(outcome.error).not.toMatch(/stdin|<unknown>|backtrace/i);
  });

  it('stops an agent that exceeds its timeout and leaves no process behind', async () => {
    server = await startFakeServer(() => new Promise<void>(() => undefined));
    const worktree = fx.addWorktree('a1');
    const outcome = await agent.run(cliTask({ worktree, logDir: fx.logDir('a1'), prompt: 'Explore', model: 'gpt-5.5', env: codexEnv(fx, server.url), timeoutMs: 2500 }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/codex timed out after 3 s/);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(processesIn(fx.dir)).toEqual([]);
  });
});
