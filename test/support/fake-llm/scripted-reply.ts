import type { ServerResponse } from 'node:http';
import { writeJson, type RecordedRequest } from './http-server.js';

/** What a scripted fake model answers to one request. */
export type FakeReply =
  | {
      kind: 'message';
      text?: string;
      /** `input` is sent as an object (Anthropic) or JSON text (OpenAI); `rawArguments` is sent verbatim (OpenAI). */
      toolCalls?: Array<{ name: string; input?: Record<string, unknown>; rawArguments?: string }>;
      usage?: { input: number; output: number; cached?: number };
    }
  | { kind: 'error'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'hang' };

/** Chooses the reply from the request (the whole history is resent each call) and its index. */
export type FakeScript = (request: RecordedRequest, index: number) => FakeReply;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `messages` array of a request body (both APIs), or []. */
export const requestMessages = (request: RecordedRequest): Array<Record<string, unknown>> => {
  const messages = isRecord(request.body) ? request.body.messages : undefined;
  return Array.isArray(messages) ? messages.filter(isRecord) : [];
};

/** How many assistant turns the request already carries. */
export const assistantTurns = (request: RecordedRequest): number => requestMessages(request).filter((m) => m.role === 'assistant').length;

/** All text of the request (system and messages), to search for what the model was told. */
export const requestText = (request: RecordedRequest): string => JSON.stringify(request.body);

/** Sends error and hang replies; returns false when the reply is a message the caller must send. */
export const sendNonMessage = (reply: FakeReply, response: ServerResponse): reply is Exclude<FakeReply, { kind: 'message' }> => {
  if (reply.kind === 'error') {
    writeJson(response, reply.status, { type: 'error', error: { type: 'api_error', message: reply.message ?? `fake error ${reply.status}` } }, reply.headers ?? {});
    return true;
  }
  if (reply.kind === 'hang') return true; // never answered; the client times out
  return false;
};
