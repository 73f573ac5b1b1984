import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiAgent, type ApiAgentOptions } from '../../../src/agents/api-loop/api-agent.js';
import type { ModelApi, ModelApiOptions } from '../../../src/agents/api-loop/model-api.js';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { assistantTurns, requestText, type FakeScript } from '../../support/fake-llm/scripted-reply.js';
import { createTempWorktree, type TempWorktree } from '../local/temp-worktree.js';

export interface ProviderUnderTest {
  name: string;
  start: (script: FakeScript) => Promise<FakeServer>;
  /** The base URL for a fake server. */
  baseUrl: (server: FakeServer) => string;
  create: (options: ModelApiOptions) => ModelApi;
}

const agentOptions = (over: Partial<ApiAgentOptions> = {}): ApiAgentOptions => ({
  mode: 'agent',
  limits: { maxTurns: 10, maxTokens: 0, maxCostUsd: 0 },
  maxOutputTokens: 1000,
  commandTimeoutMs: 5000,
  outputChars: 2000,
  diff: { resamples: 1, fullRewrite: false },
  ...over,
});

/** The same agent-loop scenarios against each provider's fake server, through the real SDK. */
export const describeProvider = (provider: ProviderUnderTest): void => {
  describe(`${provider.name} agent loop against a fake server`, () => {
    let tmp: TempWorktree;
    let server: FakeServer | undefined;
    const api = (s: FakeServer, over: Partial<ModelApiOptions> = {}): ModelApi =>
      provider.create({ model: 'fake-model', apiKey: 'test-key', baseUrl: provider.baseUrl(s), maxRetries: 2, requestTimeoutMs: 5000, price: { input: 1, output: 10 }, ...over });

    beforeEach(async () => {
      tmp = await createTempWorktree();
      await tmp.write('prog.js', 'const a = 1;\n');
    });
    afterEach(async () => {
      await server?.close();
      server = undefined;
      await tmp.cleanup();
    });

    it('reads, edits, runs a command and finishes; usage and cost add up; the history is returned', async () => {
      server = await provider.start((request) => {
        switch (assistantTurns(request)) {
          case 0: return { kind: 'message', text: 'Let me look.', toolCalls: [{ name: 'read_file', input: { path: 'prog.js' } }] };
          case 1: return { kind: 'message', toolCalls: [{ name: 'edit_file', input: { path: 'prog.js', search: 'const a = 1;', replace: 'const a = 3;' } }, { name: 'run_command', input: { command: 'cat prog.js' } }] };
          default: return { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'set a to 3', hypothesis: 'a near 3 scores best' } }], usage: { input: 1000, output: 100 } };
        }
      });
      const outcome = await createApiAgent(api(server), agentOptions()).run(tmp.task('explorer'), new AbortController().signal);
      expect(outcome).toMatchObject({ status: 'completed', summary: 'set a to 3', hypothesis: 'a near 3 scores best' });
      expect(await readFile(join(tmp.worktree, 'prog.js'), 'utf8')).toBe('const a = 3;\n');
      expect(outcome.usage.inputTokens).toBe(1200);
      expect(outcome.usage.outputTokens).toBe(140);
      expect(outcome.usage.costUsd).toBeCloseTo((1200 * 1 + 140 * 10) / 1e6, 10);
      expect(server.requests).toHaveLength(3);
      // The tool results went back to the model: the file content and the command output.
      expect(requestText(server.requests[1]!)).toContain('const a = 1;');
      expect(requestText(server.requests[2]!)).toContain('const a = 3;');
      expect(requestText(server.requests[0]!)).not.toContain('test-key');
      expect(outcome.session?.backend).toBe(provider.name);
      expect(outcome.historyJson).toContain('set a to 3');
      expect(await readFile(outcome.transcriptPath ?? '', 'utf8')).toContain('"type":"tool"');
    });

    it('retries a 429 after retry-after and a 500, then succeeds', async () => {
      server = await provider.start((_request, index) =>
        index === 0 ? { kind: 'error', status: 429, headers: { 'retry-after': '0.05' } } : index === 1 ? { kind: 'error', status: 500 } : { kind: 'message', text: 'done\nHYPOTHESIS: nothing to change' },
      );
      const outcome = await createApiAgent(api(server), agentOptions()).run(tmp.task('explorer'), new AbortController().signal);
      expect(outcome).toMatchObject({ status: 'completed', hypothesis: 'nothing to change', summary: 'done' });
      expect(server.requests).toHaveLength(3);
    });

    it('fails the attempt, not the run, when the server keeps failing', async () => {
      server = await provider.start(() => ({ kind: 'error', status: 500, message: 'overloaded today' }));
      const outcome = await createApiAgent(api(server, { maxRetries: 1 }), agentOptions()).run(tmp.task('explorer'), new AbortController().signal);
      expect(outcome.status).toBe('failed');
      expect(outcome.error).toMatch(new RegExp(`${provider.name} request for model fake-model failed.*500`));
      expect(server.requests).toHaveLength(2);
    });

    it('a 429 that outlasts the SDK retries reports the rate limit and its retry-after; a 500 reports none', async () => {
      server = await provider.start(() => ({ kind: 'error', status: 429, headers: { 'retry-after': '0.05' }, message: 'slow down' }));
      const before = Date.now();
      const limited = await createApiAgent(api(server, { maxRetries: 1 }), agentOptions()).run(tmp.task('explorer'), new AbortController().signal);
      expect(limited.status).toBe('failed');
      expect(limited.limit).toMatchObject({ kind: 'rate-limit', detail: expect.stringContaining('HTTP 429, retry-after 0.05') as string });
      expect(limited.limit?.resetAt).toBeGreaterThan(before);
      expect(server.requests).toHaveLength(2);
      await server.close();
      server = await provider.start(() => ({ kind: 'error', status: 500, message: 'rate limiter overloaded' }));
      const broken = await createApiAgent(api(server, { maxRetries: 0 }), agentOptions()).run(tmp.task('explorer'), new AbortController().signal);
      expect(broken.status).toBe('failed');
      expect(broken.limit).toBeNull();
    });

    it('fails with a timeout when a request hangs', async () => {
      server = await provider.start(() => ({ kind: 'hang' }));
      const outcome = await createApiAgent(api(server, { maxRetries: 0, requestTimeoutMs: 200 }), agentOptions()).run(tmp.task('explorer'), new AbortController().signal);
      expect(outcome.status).toBe('failed');
      expect(outcome.error).toMatch(/timed? ?out/i);
    });

    it('stops at the turn limit and at the per-attempt cost limit, keeping the work for evaluation', async () => {
      server = await provider.start(() => ({ kind: 'message', toolCalls: [{ name: 'list_files', input: {} }], usage: { input: 1000, output: 0 } }));
      const turns = await createApiAgent(api(server), agentOptions({ limits: { maxTurns: 3, maxTokens: 0, maxCostUsd: 0 } })).run(tmp.task('explorer'), new AbortController().signal);
      expect(turns).toMatchObject({ status: 'completed' });
      expect(turns.error).toMatch(/turn limit of 3/);
      expect(server.requests).toHaveLength(3);
      const before = server.requests.length;
      const cost = await createApiAgent(api(server), agentOptions({ limits: { maxTurns: 50, maxTokens: 0, maxCostUsd: 0.0025 } })).run(tmp.task('explorer'), new AbortController().signal);
      expect(cost.error).toMatch(/cost limit of \$0.0025/);
      expect(server.requests.length - before).toBe(3);
      const tokens = await createApiAgent(api(server), agentOptions({ limits: { maxTurns: 50, maxTokens: 1500, maxCostUsd: 0 } })).run(tmp.task('explorer'), new AbortController().signal);
      expect(tokens.error).toMatch(/token limit of 1500/);
    });

    it('an optimizer continues a copy of its parent conversation', async () => {
      server = await provider.start((request) =>
        requestText(request).includes('PARENT-SECRET-IDEA') ? { kind: 'message', text: 'continuing the parent idea' } : { kind: 'message', text: 'fresh start' },
      );
      const parentHistory = JSON.stringify({
        format: 'swarm-chat/1',
        items: [
          { kind: 'user', text: 'parent task' },
          { kind: 'assistant', text: 'I will try PARENT-SECRET-IDEA', toolCalls: [{ id: 'c1', name: 'list_files', arguments: '{}' }] },
        ],
      });
      const task = tmp.task('optimizer', { forkHistoryJson: parentHistory, forkFrom: { backend: provider.name, id: 'parent-session' } });
      const outcome = await createApiAgent(api(server), agentOptions()).run(task, new AbortController().signal);
      expect(outcome.summary).toBe('continuing the parent idea');
      const first = requestText(server.requests[0]!);
      expect(first).toContain('parent task');
      expect(first).toContain('not run: the previous attempt ended here');
      expect(first).toContain(JSON.stringify(task.prompt).slice(1, 40));
      expect(outcome.session?.id).toBe(`${task.runId}-${task.attemptId}`);
      expect(JSON.parse(parentHistory).items).toHaveLength(2);
    });
  });
};
