import type Anthropic from '@anthropic-ai/sdk';
import type { HistoryItem } from '../api-loop/model-api.js';

type Block = Anthropic.Messages.ContentBlockParam;
type MessageParam = Anthropic.Messages.MessageParam;

const toolInput = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
};

const blocksOf = (item: HistoryItem): Block[] => {
  switch (item.kind) {
    case 'user':
      return [{ type: 'text', text: item.text }];
    case 'assistant':
      return [
        ...(item.text.trim() !== '' ? [{ type: 'text' as const, text: item.text }] : []),
        ...item.toolCalls.map((call) => ({ type: 'tool_use' as const, id: call.id, name: call.name, input: toolInput(call.arguments) })),
      ];
    case 'tool_results':
      return item.results.map((r) => ({ type: 'tool_result' as const, tool_use_id: r.id, content: r.content, is_error: r.isError }));
  }
};

/** The neutral history as Messages API turns; consecutive items of one role are merged into one turn. */
export const toAnthropicMessages = (history: readonly HistoryItem[]): MessageParam[] => {
  const messages: MessageParam[] = [];
  for (const item of history) {
    const role = item.kind === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(item);
    if (blocks.length === 0) continue;
    const last = messages.at(-1);
    if (last && last.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  }
  return messages;
};
