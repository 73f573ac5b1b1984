import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { ChatReply, ChatRequest, ModelApi, ModelApiOptions } from '../api-loop/model-api.js';
import { toAnthropicMessages } from './anthropic-messages.js';

export { DEFAULT_ANTHROPIC_MODEL } from './default-model.js';

// The SDK returns the body unchecked; anything a proxy or a fake sends must be validated.
const replySchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional(), id: z.string().optional(), name: z.string().optional(), input: z.unknown().optional() })),
  stop_reason: z.string().nullable().optional(),
  usage: z
    .looseObject({
      input_tokens: z.number().nonnegative(),
      output_tokens: z.number().nonnegative(),
      cache_read_input_tokens: z.number().nonnegative().nullable().optional(),
      cache_creation_input_tokens: z.number().nonnegative().nullable().optional(),
    })
    .optional(),
});

/** A Messages API model; retries, backoff and `retry-after` are the SDK's. */
export const createAnthropicApi = (options: ModelApiOptions): ModelApi => {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries,
    timeout: options.requestTimeoutMs,
  });
  const chat = async (request: ChatRequest, signal: AbortSignal): Promise<ChatReply> => {
    const raw: unknown = await client.messages.create(
      {
        model: options.model,
        max_tokens: request.maxOutputTokens,
        system: request.system,
        messages: toAnthropicMessages(request.history),
        ...(request.tools.length > 0
          ? { tools: request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: { type: 'object' as const, ...t.inputSchema } })) }
          : {}),
      },
      { signal },
    );
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) throw new Error(`unexpected Messages API reply: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const { content, usage } = parsed.data;
    const cached = usage?.cache_read_input_tokens ?? 0;
    const created = usage?.cache_creation_input_tokens ?? 0;
    return {
      text: content.filter((b) => b.type === 'text').map((b) => b.text ?? '').join('\n'),
      toolCalls: content
        .filter((b) => b.type === 'tool_use')
        .map((b, index) => ({ id: b.id ?? `call_${index}`, name: b.name ?? '', arguments: JSON.stringify(b.input ?? {}) })),
      // input_tokens excludes cache reads and writes; ours counts every input token.
      usage: { inputTokens: (usage?.input_tokens ?? 0) + cached + created, outputTokens: usage?.output_tokens ?? 0, cachedInputTokens: cached },
      stopReason: parsed.data.stop_reason ?? null,
    };
  };
  return { provider: 'anthropic', model: options.model, price: options.price, maxRetries: options.maxRetries, requestTimeoutMs: options.requestTimeoutMs, chat };
};
