import type { ServerResponse } from 'node:http';
import { writeJson, writeSse, type RecordedRequest } from './http-server.js';

/** What the fake model answers: a final message, a custom tool call (apply_patch) or a function call. */
export type ResponsesReply =
  | { kind: 'message'; text: string }
  | { kind: 'custom_tool_call'; name: string; input: string }
  | { kind: 'function_call'; name: string; arguments: Record<string, unknown> };

export interface ResponsesUsage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

const DEFAULT_USAGE: ResponsesUsage = { inputTokens: 1000, cachedInputTokens: 200, outputTokens: 50 };

interface ResponsesBody {
  model: string;
  input: Array<{ type?: string; role?: string; content?: unknown }>;
  tools?: Array<{ type?: string; name?: string }>;
}

const isResponsesBody = (body: unknown): body is ResponsesBody =>
  typeof body === 'object' && body !== null && Array.isArray((body as { input?: unknown }).input);

/** The body of a `POST .../responses`, or null for any other request. */
export const responsesBody = (request: RecordedRequest): ResponsesBody | null =>
  request.method === 'POST' && request.path.endsWith('/responses') && isResponsesBody(request.body) ? request.body : null;

/** Whether the last input item is a tool output (the model should now finish). */
export const endsWithToolOutput = (body: ResponsesBody): boolean => {
  const type = body.input.at(-1)?.type ?? '';
  return type === 'function_call_output' || type === 'custom_tool_call_output';
};

export const offeredResponseTools = (body: ResponsesBody): string[] =>
  (body.tools ?? []).map((tool) => tool.name).filter((name): name is string => typeof name === 'string');

/** A patch in the apply_patch grammar Codex expects, adding one file (path relative to the worktree). */
export const addFilePatch = (path: string, text: string): string =>
  `*** Begin Patch\n*** Add File: ${path}\n${text.split('\n').filter((line, i, all) => i < all.length - 1 || line !== '').map((line) => `+${line}`).join('\n')}\n*** End Patch\n`;

let counter = 0;

/** Writes one Responses API reply as the SSE stream Codex reads. */
export const writeResponsesReply = (response: ServerResponse, reply: ResponsesReply, usage: ResponsesUsage = DEFAULT_USAGE): void => {
  counter += 1;
  const id = `resp_fake_${counter}`;
  const item = reply.kind === 'message'
    ? { type: 'message', id: `msg_fake_${counter}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] }
    : reply.kind === 'custom_tool_call'
      ? { type: 'custom_tool_call', id: `ctc_fake_${counter}`, call_id: `call_fake_${counter}`, name: reply.name, status: 'completed', input: reply.input }
      : { type: 'function_call', id: `fc_fake_${counter}`, call_id: `call_fake_${counter}`, name: reply.name, status: 'completed', arguments: JSON.stringify(reply.arguments) };
  const event = (type: string, data: Record<string, unknown>) => ({ event: type, data: { type, ...data } });
  writeSse(response, [
    event('response.created', { response: { id, status: 'in_progress' } }),
    event('response.output_item.added', { output_index: 0, item }),
    event('response.output_item.done', { output_index: 0, item }),
    event('response.completed', {
      response: {
        id, status: 'completed',
        usage: {
          input_tokens: usage.inputTokens, input_tokens_details: { cached_tokens: usage.cachedInputTokens },
          output_tokens: usage.outputTokens, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: usage.inputTokens + usage.outputTokens,
        },
      },
    }),
  ]);
};

/** A handler speaking the OpenAI Responses API; `choose` picks the reply from the request. */
export const responsesHandler = (choose: (body: ResponsesBody, request: RecordedRequest) => ResponsesReply, usage?: ResponsesUsage) =>
  (request: RecordedRequest, response: ServerResponse): void => {
    const body = responsesBody(request);
    if (body === null) {
      writeJson(response, 404, { error: { message: `fake: no route ${request.method} ${request.path}` } });
      return;
    }
    writeResponsesReply(response, choose(body, request), usage);
  };

/** A Codex home (config.toml) whose model provider points at `baseUrl` (the fake), retries off. */
export const codexConfigToml = (baseUrl: string): string => [
  'model = "gpt-5.5"',
  'model_provider = "fake"',
  '[model_providers.fake]',
  'name = "fake"',
  `base_url = "${baseUrl}/v1"`,
  'wire_api = "responses"',
  'env_key = "FAKE_OPENAI_KEY"',
  'request_max_retries = 0',
  'stream_max_retries = 0',
  '',
].join('\n');
