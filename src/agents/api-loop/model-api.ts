import { z } from 'zod';
import type { Price } from '../../core/budget/pricing.js';

/** Token counts of one model call; `cachedInputTokens` are part of `inputTokens`. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
}

/** A tool the model may call: name, description and the JSON Schema of its input. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call as the model wrote it; `arguments` is the raw JSON text (it may be malformed). */
export interface ToolCallItem {
  id: string;
  name: string;
  arguments: string;
}

export interface ToolResultItem {
  id: string;
  name: string;
  content: string;
  isError: boolean;
}

/**
 * A provider-neutral conversation, stored as JSON in the sessions table. Each provider maps it
 * to its own message format per request, so a stored history can be forked by either backend.
 */
export type HistoryItem =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string; toolCalls: ToolCallItem[] }
  | { kind: 'tool_results'; results: ToolResultItem[] };

export interface ChatRequest {
  system: string;
  history: readonly HistoryItem[];
  tools: readonly ToolSpec[];
  maxOutputTokens: number;
}

export interface ChatReply {
  text: string;
  toolCalls: ToolCallItem[];
  usage: TokenUsage;
  stopReason: string | null;
}

/**
 * One model behind an API. `chat` resolves with the reply or throws once the SDK's own retries
 * (429, 5xx, timeouts, with backoff and `retry-after`) are used up; callers turn that into an
 * outcome.
 */
export interface ModelApi {
  /** The provider's name (`ModelProvider.name`). */
  provider: string;
  model: string;
  price: Price | undefined;
  /** The SDK's retries of one request (agent.api.maxRetries), named in failure reasons. */
  maxRetries?: number;
  /** The timeout of one request (agent.api.requestTimeout), named in failure reasons. */
  requestTimeoutMs?: number;
  chat(request: ChatRequest, signal: AbortSignal): Promise<ChatReply>;
}

/** Settings shared by both providers' clients. */
export interface ModelApiOptions {
  model: string;
  apiKey: string;
  baseUrl: string | null;
  maxRetries: number;
  requestTimeoutMs: number;
  price: Price | undefined;
}

/** Why a model request failed, in one line (SDK errors carry the HTTP status and body). */
export const describeModelError = (error: unknown, api: Pick<ModelApi, 'provider' | 'model' | 'maxRetries' | 'requestTimeoutMs'>): string => {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  const status = httpStatus.safeParse(error);
  const timedOut = error instanceof Error && /timed? ?out/i.test(`${error.name} ${error.message}`);
  const cause = status.success ? `HTTP ${status.data.status}` : timedOut && api.requestTimeoutMs !== undefined ? `no answer within agent.api.requestTimeout (${api.requestTimeoutMs < 1000 ? `${api.requestTimeoutMs} ms` : `${Math.round(api.requestTimeoutMs / 1000)} s`} per request)` : null;
  // The SDKs retry 408, 409, 429, 5xx, connection errors and timeouts; any other status is final at once.
  const retried = !status.success || [408, 409, 429].includes(status.data.status) || status.data.status >= 500;
  const requests = api.maxRetries === undefined ? null : retried ? api.maxRetries + 1 : 1;
  const tries = requests === null ? '' : ` after ${requests} request(s)${retried ? ` (agent.api.maxRetries = ${api.maxRetries ?? 0})` : ''}`;
  return `${api.provider} request for model ${api.model} failed${tries}${cause === null ? '' : `, ${cause}`}: ${text.replace(/\s+/g, ' ').slice(0, 500)}`;
};

const httpStatus = z.object({ status: z.number().int().min(100).max(599) });
