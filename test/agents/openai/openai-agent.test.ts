import { describe, expect, it } from 'vitest';
import { createApiAgent } from '../../../src/agents/api-loop/api-agent.js';
import { createOpenAiApi } from '../../../src/agents/openai/openai-api.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import { assistantTurns } from '../../support/fake-llm/scripted-reply.js';
import { describeProvider } from '../api-loop/provider-scenarios.js';
import { createTempWorktree } from '../local/temp-worktree.js';

describeProvider({ name: 'openai', start: startFakeOpenAi, baseUrl: (s) => `${s.url}/v1`, create: createOpenAiApi });

describe('openai tool calling details', () => {
  it('feeds malformed tool-call JSON back as a tool error and goes on', async () => {
    const server = await startFakeOpenAi((request) =>
      assistantTurns(request) === 0
        ? { kind: 'message', toolCalls: [{ name: 'write_file', rawArguments: '{"path": "x.txt", "content": ' }] }
        : { kind: 'message', text: 'gave up\nHYPOTHESIS: none' },
    );
    const tmp = await createTempWorktree();
    try {
      const api = createOpenAiApi({ model: 'local-model', apiKey: 'no-key-needed', baseUrl: `${server.url}/v1`, maxRetries: 0, requestTimeoutMs: 5000, price: undefined });
      const agent = createApiAgent(api, { mode: 'agent', limits: { maxTurns: 5, maxTokens: 0, maxCostUsd: 0 }, maxOutputTokens: 100, commandTimeoutMs: 1000, outputChars: 1000, diff: { resamples: 0, fullRewrite: false } });
      const outcome = await agent.run(tmp.task('explorer', { systemPrompt: 'SYS' }), new AbortController().signal);
      expect(outcome.status).toBe('completed');
      const second = server.requests[1]?.body as { messages: Array<{ role: string; content: string; tool_call_id?: string }>; tools: unknown[] };
      const toolMessage = second.messages.find((m) => m.role === 'tool');
      expect(toolMessage?.content).toMatch(/^ERROR: the arguments of write_file are not valid JSON/);
      expect(toolMessage?.tool_call_id).toBe('call_1_0');
      expect(second.messages[0]).toEqual({ role: 'system', content: 'SYS' });
      expect(second.tools).toHaveLength(7);
      expect(server.requests[0]?.headers.authorization).toBe('Bearer no-key-needed');
    } finally {
      await server.close();
      await tmp.cleanup();
    }
  });
});

describe('output token limit parameter', () => {
  it('sends max_tokens to a configured OpenAI-compatible server and max_completion_tokens to OpenAI itself', async () => {
    const server = await startFakeOpenAi(() => ({ kind: 'message', text: 'done\nHYPOTHESIS: nothing' }));
    const saved = process.env.OPENAI_BASE_URL;
    try {
      const request = { system: 's', history: [{ kind: 'user' as const, text: 'hi' }], tools: [], maxOutputTokens: 123 };
      await createOpenAiApi({ model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, maxRetries: 0, requestTimeoutMs: 5000, price: undefined }).chat(request, new AbortController().signal);
      // No base URL configured: the SDK's default endpoint (pointed at the fake through its own variable).
      process.env.OPENAI_BASE_URL = `${server.url}/v1`;
      await createOpenAiApi({ model: 'm', apiKey: 'k', baseUrl: null, maxRetries: 0, requestTimeoutMs: 5000, price: undefined }).chat(request, new AbortController().signal);
      const [compatible, openai] = server.requests.map((r) => r.body as Record<string, unknown>);
      expect(compatible).toMatchObject({ max_tokens: 123 });
      expect(compatible).not.toHaveProperty('max_completion_tokens');
      expect(openai).toMatchObject({ max_completion_tokens: 123 });
      expect(openai).not.toHaveProperty('max_tokens');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved;
      await server.close();
    }
  });
});
