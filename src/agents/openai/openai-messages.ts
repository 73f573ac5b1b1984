import type OpenAI from 'openai';
import type { HistoryItem } from '../api-loop/model-api.js';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** The neutral history as Chat Completions messages, after the system message. */
export const toOpenAiMessages = (system: string, history: readonly HistoryItem[]): Message[] => {
  const messages: Message[] = [{ role: 'system', content: system }];
  for (const item of history) {
    switch (item.kind) {
      case 'user':
        messages.push({ role: 'user', content: item.text });
        break;
      case 'assistant':
        messages.push({
          role: 'assistant',
          content: item.text,
          ...(item.toolCalls.length > 0
            ? { tool_calls: item.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) }
            : {}),
        });
        break;
      case 'tool_results':
        for (const r of item.results) messages.push({ role: 'tool', tool_call_id: r.id, content: r.isError ? `ERROR: ${r.content}` : r.content });
        break;
    }
  }
  return messages;
};
