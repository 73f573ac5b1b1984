import { startFakeServer, writeJson, type FakeServer } from './http-server.js';
import { sendNonMessage, type FakeScript } from './scripted-reply.js';

/** A fake Anthropic Messages API (non-streaming JSON) at `<url>/v1/messages`; use `url` as baseURL. */
export const startFakeAnthropic = (script: FakeScript): Promise<FakeServer> => {
  let index = 0;
  return startFakeServer((request, response) => {
    if (request.method !== 'POST' || !request.path.startsWith('/v1/messages')) {
      writeJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: `no route ${request.path}` } });
      return;
    }
    const reply = script(request, index++);
    if (sendNonMessage(reply, response)) return;
    if (reply.kind !== 'message') return;
    const content = [
      ...(reply.text !== undefined ? [{ type: 'text', text: reply.text }] : []),
      ...(reply.toolCalls ?? []).map((call, i) => ({ type: 'tool_use', id: `toolu_${index}_${i}`, name: call.name, input: call.input ?? {} })),
    ];
    writeJson(response, 200, {
      id: `msg_${index}`,
      type: 'message',
      role: 'assistant',
      model: 'fake',
      content,
      stop_reason: (reply.toolCalls ?? []).length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: reply.usage?.input ?? 100, output_tokens: reply.usage?.output ?? 20, cache_read_input_tokens: reply.usage?.cached ?? 0 },
    });
  });
};
