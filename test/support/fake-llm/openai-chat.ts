import { startFakeServer, writeJson, type FakeServer } from './http-server.js';
import { sendNonMessage, type FakeScript } from './scripted-reply.js';

/** A fake OpenAI Chat Completions API at `<url>/v1/chat/completions`; use `<url>/v1` as baseURL. */
export const startFakeOpenAi = (script: FakeScript): Promise<FakeServer> => {
  let index = 0;
  return startFakeServer((request, response) => {
    if (request.method !== 'POST' || !request.path.startsWith('/v1/chat/completions')) {
      writeJson(response, 404, { error: { message: `no route ${request.path}` } });
      return;
    }
    const reply = script(request, index++);
    if (sendNonMessage(reply, response)) return;
    if (reply.kind !== 'message') return;
    const toolCalls = (reply.toolCalls ?? []).map((call, i) => ({
      id: `call_${index}_${i}`,
      type: 'function',
      function: { name: call.name, arguments: call.rawArguments ?? JSON.stringify(call.input ?? {}) },
    }));
    writeJson(response, 200, {
      id: `chatcmpl_${index}`,
      object: 'chat.completion',
      created: 0,
      model: 'fake',
      choices: [{ index: 0, message: { role: 'assistant', content: reply.text ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop' }],
      usage: {
        prompt_tokens: reply.usage?.input ?? 100,
        completion_tokens: reply.usage?.output ?? 20,
        total_tokens: (reply.usage?.input ?? 100) + (reply.usage?.output ?? 20),
        prompt_tokens_details: { cached_tokens: reply.usage?.cached ?? 0 },
      },
    });
  });
};
