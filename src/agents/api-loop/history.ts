import { z } from 'zod';
import type { HistoryItem } from './model-api.js';

const toolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.string() });
const toolResultSchema = z.object({ id: z.string(), name: z.string(), content: z.string(), isError: z.boolean() });
const itemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), text: z.string() }),
  z.object({ kind: z.literal('assistant'), text: z.string(), toolCalls: z.array(toolCallSchema) }),
  z.object({ kind: z.literal('tool_results'), results: z.array(toolResultSchema) }),
]);
const storedSchema = z.object({ format: z.literal('swarm-chat/1'), items: z.array(itemSchema) });

/** Serializes a conversation for the sessions table. */
export const historyToJson = (items: readonly HistoryItem[]): string => JSON.stringify({ format: 'swarm-chat/1', items });

/**
 * Reads a stored conversation to continue it (a copy: the stored one is never changed). Tool
 * calls left without results (the parent stopped at a limit) get a note, so the API accepts the
 * history. Unreadable JSON yields null: the optimizer then starts fresh.
 */
export const historyFromJson = (json: string): HistoryItem[] | null => {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(raw);
  if (!parsed.success) return null;
  const items: HistoryItem[] = [...parsed.data.items];
  const last = items.at(-1);
  if (last?.kind === 'assistant' && last.toolCalls.length > 0) {
    items.push({
      kind: 'tool_results',
      results: last.toolCalls.map((call) => ({ id: call.id, name: call.name, content: 'not run: the previous attempt ended here', isError: true })),
    });
  }
  return items;
};
