import OpenAI from 'openai';
import { z } from 'zod';
import type { ChatReply, ChatRequest, ModelApi, ModelApiOptions } from '../api-loop/model-api.js';
import { toOpenAiMessages } from './openai-messages.js';

export { DEFAULT_OPENAI_MODEL } from './default-model.js';


// OpenAI-compatible servers differ in what they send; only what is used is required.
const replySchema = z.object({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(z.looseObject({ id: z.string().optional(), function: z.looseObject({ name: z.string(), arguments: z.string().nullable().optional() }) }))
            .nullable()
            .optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z
    .looseObject({
      prompt_tokens: z.number().nonnegative(),
      completion_tokens: z.number().nonnegative(),
      prompt_tokens_details: z.looseObject({ cached_tokens: z.number().nonnegative().nullable().optional() }).nullable().optional(),
    })
    .nullable()
    .optional(),
});

/** A Chat Completions model at any OpenAI-compatible base URL; retries and backoff are the SDK's. */
export const createOpenAiApi = (options: ModelApiOptions): ModelApi => {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries,
    timeout: options.requestTimeoutMs,
  });
  const chat = async (request: ChatRequest, signal: AbortSignal): Promise<ChatReply> => {
    const raw: unknown = await client.chat.completions.create(
      {
        model: options.model,
        // OpenAI's own API wants max_completion_tokens (newer models refuse max_tokens); the servers
        // people point base URLs at (vLLM, llama.cpp, Ollama) all accept max_tokens.
        ...(options.baseUrl ? { max_tokens: request.maxOutputTokens } : { max_completion_tokens: request.maxOutputTokens }),
        messages: toOpenAiMessages(request.system, request.history),
        ...(request.tools.length > 0
          ? { tools: request.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.inputSchema } })) }
          : {}),
      },
      { signal },
    );
    const parsed = replySchema.safeParse(raw);
    if (!parsed.success) throw new Error(`unexpected Chat Completions reply: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const choice = parsed.data.choices[0];
    const usage = parsed.data.usage;
    return {
      text: choice?.message.content ?? '',
      toolCalls: (choice?.message.tool_calls ?? []).map((c, index) => ({ id: c.id ?? `call_${index}`, name: c.function.name, arguments: c.function.arguments ?? '' })),
      usage: {
        inputTokens: usage?.prompt_tokens ?? 0,
        outputTokens: usage?.completion_tokens ?? 0,
        cachedInputTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
      },
      stopReason: choice?.finish_reason ?? null,
    };
  };
  return { provider: 'openai', model: options.model, price: options.price, maxRetries: options.maxRetries, requestTimeoutMs: options.requestTimeoutMs, chat };
};
