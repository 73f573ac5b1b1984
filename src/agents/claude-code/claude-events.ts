import { z } from 'zod';
import { parseJsonLines } from '../cli-common/json-lines.js';

const usageSchema = z.looseObject({
  input_tokens: z.number().nonnegative().default(0),
  output_tokens: z.number().nonnegative().default(0),
  cache_creation_input_tokens: z.number().nonnegative().nullish(),
  cache_read_input_tokens: z.number().nonnegative().nullish(),
});

const resultEvent = z.looseObject({
  type: z.literal('result'),
  subtype: z.string(),
  is_error: z.boolean(),
  result: z.string().optional(),
  num_turns: z.number().optional(),
  total_cost_usd: z.number().nonnegative().optional(),
  session_id: z.string().optional(),
  usage: usageSchema.optional(),
  api_error_status: z.number().nullish(),
  errors: z.array(z.string()).optional(),
  permission_denials: z.array(z.looseObject({ tool_name: z.string(), tool_input: z.record(z.string(), z.unknown()).optional() })).optional(),
});

const assistantEvent = z.looseObject({
  type: z.literal('assistant'),
  session_id: z.string().optional(),
  message: z.looseObject({
    id: z.string().optional(),
    model: z.string().optional(),
    content: z.array(z.looseObject({
      type: z.string(), text: z.string().optional(), id: z.string().optional(), name: z.string().optional(), input: z.record(z.string(), z.unknown()).optional(),
    })),
    usage: usageSchema.optional(),
  }),
});

// Tool results; `tool_result_meta` says which calls Claude Code refused ("reject") instead of running.
const toolResultEvent = z.looseObject({
  type: z.literal('user'),
  session_id: z.string().optional(),
  tool_result_meta: z.array(z.looseObject({ id: z.string(), permission_decision: z.looseObject({ decision: z.string() }).optional() })),
});

// The tool results themselves: a write tool's error text (a denied path, a disabled tool, EACCES).
const toolResultBlocks = z.looseObject({
  type: z.literal('user'),
  message: z.looseObject({
    content: z.array(z.looseObject({
      type: z.string(),
      tool_use_id: z.string().optional(),
      is_error: z.boolean().optional(),
      content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]).optional(),
    })),
  }),
});

// Claude Code's own retry of a failed model request: `error_status` is null for a connection error.
const apiRetryEvent = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('api_retry'),
  session_id: z.string().optional(),
  error_status: z.number().nullish(),
  error: z.string().nullish(),
});

// Any other event (system/init, user tool results, hooks, stream events) is kept only for its session id.
const otherEvent = z.looseObject({ type: z.string(), session_id: z.string().optional() });

const claudeEvent = z.union([resultEvent, assistantEvent, apiRetryEvent, toolResultEvent, otherEvent]);

export type ClaudeResult = z.infer<typeof resultEvent>;
export type PermissionDenial = NonNullable<ClaudeResult['permission_denials']>[number];

/** Tokens of model calls: `cachedInputTokens` (cache reads) are part of `inputTokens`. */
export interface StreamTokens {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
}

export interface ClaudeStream {
  sessionId: string | null;
  /** The final `result` event, or null when the CLI ended without one. */
  result: ClaudeResult | null;
  /** Text of the last assistant message (the final answer when no result event came). */
  lastAssistantText: string;
  /** Tokens of the assistant messages seen (each message once): what a killed run still spent. */
  assistantUsage: StreamTokens;
  /** The model that answered (from the assistant messages), or null. */
  model: string | null;
  /** Claude Code's retries of failed model requests: how many, by HTTP status ("connection" without one). */
  apiRetries: { count: number; byStatus: Map<string, number> };
  /** Tool calls refused, as the result's `permission_denials` lists them, or as seen when no result came. */
  permissionDenials: PermissionDenial[];
  /** Errors of write tools (Edit, Write, MultiEdit, NotebookEdit) that say the write cannot happen, in Claude Code's words. */
  failedWrites: FailedWrite[];
  malformed: number;
}

/** A write tool's call whose result was an error saying the file cannot be written. */
export interface FailedWrite {
  call: PermissionDenial;
  message: string;
}

const WRITE_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
// Refusals and file-system errors; not the model's own mistakes ("String to replace not found").
const CANNOT_WRITE = /denied|disabled|no such tool|permission|EACCES|EPERM|EROFS|ENOSPC|read-only file system|no space left/i;

const resultText = (content: string | Array<{ type: string; text?: string | undefined }> | undefined): string =>
  (typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('\n')).replace(/<\/?tool_use_error>/g, '').trim();

/**
 * Reads Claude Code's `--output-format stream-json` transcript. The first event is not assumed
 * to be `system/init` (with `--bare` another comes first): the session id is taken from whichever
 * event carries one first.
 */
export const parseClaudeStream = (text: string): ClaudeStream => {
  const { events, malformed } = parseJsonLines(text, claudeEvent);
  let sessionId: string | null = null;
  let result: ClaudeResult | null = null;
  let lastAssistantText = '';
  let model: string | null = null;
  const apiRetries = { count: 0, byStatus: new Map<string, number>() };
  const usageById = new Map<string, StreamTokens>();
  const toolCalls = new Map<string, PermissionDenial>();
  const refused: PermissionDenial[] = [];
  const failedWrites: FailedWrite[] = [];
  for (const event of events) {
    if (sessionId === null && event.session_id) sessionId = event.session_id;
    const final = resultEvent.safeParse(event);
    if (final.success) result = final.data;
    const retry = apiRetryEvent.safeParse(event);
    if (retry.success) {
      const status = retry.data.error_status == null ? 'connection' : String(retry.data.error_status);
      apiRetries.count += 1;
      apiRetries.byStatus.set(status, (apiRetries.byStatus.get(status) ?? 0) + 1);
    }
    const toolResult = toolResultEvent.safeParse(event);
    if (toolResult.success) {
      for (const meta of toolResult.data.tool_result_meta) {
        const call = toolCalls.get(meta.id);
        if (meta.permission_decision?.decision === 'reject' && call) refused.push(call);
      }
    }
    const blocks = toolResultBlocks.safeParse(event);
    if (blocks.success) {
      for (const block of blocks.data.message.content) {
        const call = block.tool_use_id === undefined ? undefined : toolCalls.get(block.tool_use_id);
        if (block.type !== 'tool_result' || block.is_error !== true || call === undefined || !WRITE_TOOLS.has(call.tool_name)) continue;
        const text = resultText(block.content);
        if (CANNOT_WRITE.test(text)) failedWrites.push({ call, message: text });
      }
    }
    const message = assistantEvent.safeParse(event);
    if (message.success) {
      for (const block of message.data.message.content) {
        if (block.type === 'tool_use' && block.id && block.name) toolCalls.set(block.id, { tool_name: block.name, ...(block.input ? { tool_input: block.input } : {}) });
      }
      const texts = message.data.message.content.flatMap((block) => (block.type === 'text' && block.text ? [block.text] : []));
      if (texts.length > 0) lastAssistantText = texts.join('\n');
      const { id, usage } = message.data.message;
      // "<synthetic>" marks a message Claude Code wrote itself (an API error), not a model's.
      if (message.data.message.model && message.data.message.model !== '<synthetic>') model = message.data.message.model;
      // Claude Code emits one event per content block of a message, each with the message's usage.
      if (usage) {
        usageById.set(id ?? `#${usageById.size}`, { inputTokens: inputOf(usage), outputTokens: usage.output_tokens, cachedInputTokens: usage.cache_read_input_tokens ?? 0 });
      }
    }
  }
  if (result?.session_id) sessionId = result.session_id;
  const assistantUsage: StreamTokens = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
  for (const usage of usageById.values()) {
    assistantUsage.inputTokens += usage.inputTokens;
    assistantUsage.outputTokens += usage.outputTokens;
    assistantUsage.cachedInputTokens += usage.cachedInputTokens;
  }
  const permissionDenials = result?.permission_denials ?? refused;
  return { sessionId, result, lastAssistantText, assistantUsage, model, apiRetries, permissionDenials, failedWrites, malformed };
};

const inputOf = (usage: z.infer<typeof usageSchema>): number =>
  usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);

/** Input tokens of a result's usage: fresh, cache-write and cache-read tokens are all input. */
export const inputTokensOf = (result: ClaudeResult): number => (result.usage ? inputOf(result.usage) : 0);
