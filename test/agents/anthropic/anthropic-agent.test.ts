import { describe, expect, it } from 'vitest';
import { createAnthropicApi } from '../../../src/agents/anthropic/anthropic-api.js';
import { createApiAgent } from '../../../src/agents/api-loop/api-agent.js';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import { describeProvider } from '../api-loop/provider-scenarios.js';
import { createTempWorktree } from '../local/temp-worktree.js';

describeProvider({ name: 'anthropic', start: startFakeAnthropic, baseUrl: (s) => s.url, create: createAnthropicApi });

describe('anthropic request shape', () => {
  it('sends tools with input schemas, the system prompt and the key header', async () => {
    const server = await startFakeAnthropic(() => ({ kind: 'message', toolCalls: [{ name: 'read_file', input: { nope: 1 } }] }));
    const tmp = await createTempWorktree();
    try {
      const api = createAnthropicApi({ model: 'claude-x', apiKey: 'k-123', baseUrl: server.url, maxRetries: 0, requestTimeoutMs: 5000, price: undefined });
      const agent = createApiAgent(api, { mode: 'agent', limits: { maxTurns: 2, maxTokens: 0, maxCostUsd: 0 }, maxOutputTokens: 77, commandTimeoutMs: 1000, outputChars: 1000, diff: { resamples: 0, fullRewrite: false } });
      await agent.run(tmp.task('explorer', { systemPrompt: 'SYSTEM-X' }), new AbortController().signal);
      const body = server.requests[0]?.body as { system: string; max_tokens: number; tools: Array<{ name: string; input_schema: { type: string } }> };
      expect(body.system).toBe('SYSTEM-X');
      expect(body.max_tokens).toBe(77);
      expect(body.tools.map((t) => t.name)).toEqual(['read_file', 'list_files', 'write_file', 'edit_file', 'run_command', 'run_eval', 'finish']);
      expect(body.tools[0]?.input_schema.type).toBe('object');
      expect(JSON.stringify(server.requests[0]?.headers)).toContain('k-123');
      // Input that fails the tool's schema goes back as an is_error tool result.
      expect(JSON.stringify(server.requests[1]?.body)).toMatch(/"is_error":true/);
      expect(JSON.stringify(server.requests[1]?.body)).toContain('invalid arguments for read_file');
    } finally {
      await server.close();
      await tmp.cleanup();
    }
  });
});

describe('agent.timeout', () => {
  it('bounds the whole attempt, a model call in flight included, and says so', async () => {
    const server = await startFakeAnthropic(() => ({ kind: 'hang' }));
    const tmp = await createTempWorktree();
    try {
      const api = createAnthropicApi({ model: 'claude-x', apiKey: 'k', baseUrl: server.url, maxRetries: 0, requestTimeoutMs: 60_000, price: undefined });
      const agent = createApiAgent(api, { mode: 'agent', limits: { maxTurns: 50, maxTokens: 0, maxCostUsd: 0 }, maxOutputTokens: 100, commandTimeoutMs: 1000, outputChars: 1000, diff: { resamples: 0, fullRewrite: false } });
      const started = Date.now();
      const outcome = await agent.run(tmp.task('explorer', { timeoutMs: 400 }), new AbortController().signal);
      expect(outcome.status).toBe('failed');
      expect(outcome.error).toMatch(/agent timed out after 0.4 s; raise agent.timeout/);
      // Far below the 60 s request timeout: the attempt's own deadline ended the call.
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await server.close();
      await tmp.cleanup();
    }
  });
});
