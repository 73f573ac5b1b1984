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
  provider: 'anthropic' | 'openai';
  model: string;
  price: Price | undefined;
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
export const describeModelError = (error: unknown, api: { provider: string; model: string }): string => {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return `${api.provider} request for model ${api.model} failed: ${text.replace(/\s+/g, ' ').slice(0, 500)}`;
};
