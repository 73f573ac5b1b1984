import type { ServerResponse } from 'node:http';
import { writeJson, writeSse, type RecordedRequest } from './http-server.js';

/** What the fake model answers: plain text, or a tool call (optionally with text before it). */
export type AnthropicReply =
  | { kind: 'text'; text: string }
  | { kind: 'tool_use'; name: string; input: Record<string, unknown>; text?: string };

export interface AnthropicUsage {
  inputTokens: number;
  outputTokens: number;
}

const DEFAULT_USAGE: AnthropicUsage = { inputTokens: 100, outputTokens: 20 };

interface MessagesBody {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name?: string }>;
}

const isMessagesBody = (body: unknown): body is MessagesBody =>
  typeof body === 'object' && body !== null && Array.isArray((body as { messages?: unknown }).messages);

/** The body of a `POST /v1/messages`, or null for any other request. */
export const messagesBody = (request: RecordedRequest): MessagesBody | null =>
  request.method === 'POST' && request.path.startsWith('/v1/messages') && !request.path.includes('count_tokens') && isMessagesBody(request.body)
    ? request.body
    : null;

/** Names of the tools offered in a request. */
export const offeredTools = (body: MessagesBody): string[] =>
  (body.tools ?? []).map((tool) => tool.name).filter((name): name is string => typeof name === 'string');

/** Whether the conversation already contains a tool result (both CLIs resend the whole history). */
export const hasToolResult = (body: MessagesBody): boolean => JSON.stringify(body.messages).includes('"tool_result"');

/** Whether the last message is the result of a tool call (the model should now finish), not a new user prompt. */
export const endsWithToolResult = (body: MessagesBody): boolean => JSON.stringify(body.messages.at(-1)?.content ?? '').includes('"tool_result"');

/** All text of a request, for assertions on what history the fake saw. */
export const requestText = (body: MessagesBody): string => JSON.stringify(body.messages);

let counter = 0;

/** Writes one Messages API reply as the SSE stream the Anthropic SDK expects. */
export const writeAnthropicReply = (response: ServerResponse, model: string, reply: AnthropicReply, usage: AnthropicUsage = DEFAULT_USAGE): void => {
  counter += 1;
  const id = `msg_fake_${counter}`;
  const events: Array<{ event: string; data: unknown }> = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null,
          usage: { input_tokens: usage.inputTokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        },
      },
    },
  ];
  let index = 0;
  const text = reply.text;
  if (text !== undefined) {
    events.push(
      { event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } } },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
    );
    index += 1;
  }
  if (reply.kind === 'tool_use') {
    events.push(
      { event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_fake_${counter}`, name: reply.name, input: {} } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(reply.input) } } },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
    );
  }
  events.push(
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: reply.kind === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.outputTokens } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  writeSse(response, events);
};

/**
 * A handler for the fake server speaking the Anthropic Messages API: `choose` picks the reply
 * from the request; side requests (token counting, anything else) get a harmless answer.
 */
export const anthropicHandler = (choose: (body: MessagesBody, request: RecordedRequest) => AnthropicReply, usage?: AnthropicUsage) =>
  (request: RecordedRequest, response: ServerResponse): void => {
    if (request.path.includes('count_tokens')) {
      writeJson(response, 200, { input_tokens: 100 });
      return;
    }
    const body = messagesBody(request);
    if (body === null) {
      writeJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: `fake: no route ${request.method} ${request.path}` } });
      return;
    }
    writeAnthropicReply(response, body.model, choose(body, request), usage);
  };
