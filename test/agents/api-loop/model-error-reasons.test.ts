import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicApi } from '../../../src/agents/anthropic/anthropic-api.js';
import { describeModelError, type ModelApi } from '../../../src/agents/api-loop/model-api.js';
import { createOpenAiApi } from '../../../src/agents/openai/openai-api.js';
import { startFakeServer, writeJson, type FakeServer } from '../../support/fake-llm/http-server.js';

const request = { system: 's', history: [{ kind: 'user' as const, text: 'hi' }], tools: [], maxOutputTokens: 10 };

/** The reason an attempt would record for the first failed call of `api`. */
const reasonOf = async (api: ModelApi): Promise<string> => {
  try {
    await api.chat(request, new AbortController().signal);
  } catch (error) {
    return describeModelError(error, api);
  }
  throw new Error('the call did not fail');
};

describe('model request failures name the HTTP status, the requests made and the request timeout (real SDKs, fake server)', () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('openai: a 500 after every retry', async () => {
    server = await startFakeServer((_req, res) => writeJson(res, 500, { error: { message: 'fake internal error' } }));
    const reason = await reasonOf(createOpenAiApi({ model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, maxRetries: 2, requestTimeoutMs: 5000, price: undefined }));
    expect(server.requests).toHaveLength(3);
    expect(reason).toMatch(/^openai request for model m failed after 3 request\(s\) \(agent\.api\.maxRetries = 2\), HTTP 500: .*fake internal error/);
  }, 30_000);

  it('anthropic: a 401 is not retried and says so', async () => {
    server = await startFakeServer((_req, res) => writeJson(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }));
    const reason = await reasonOf(createAnthropicApi({ model: 'm', apiKey: 'k', baseUrl: server.url, maxRetries: 2, requestTimeoutMs: 5000, price: undefined }));
    expect(server.requests).toHaveLength(1);
    expect(reason).toMatch(/^anthropic request for model m failed after 1 request\(s\), HTTP 401: .*invalid x-api-key/);
  }, 30_000);

  it('openai: a server that never answers in time names agent.api.requestTimeout', async () => {
    server = await startFakeServer((_req, res) => {
      setTimeout(() => writeJson(res, 200, {}), 3000).unref();
    });
    const reason = await reasonOf(createOpenAiApi({ model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, maxRetries: 1, requestTimeoutMs: 500, price: undefined }));
    expect(server.requests).toHaveLength(2);
    expect(reason).toMatch(/failed after 2 request\(s\) \(agent\.api\.maxRetries = 1\), no answer within agent\.api\.requestTimeout \(500 ms per request\)/);
  }, 30_000);
});
