import { z } from 'zod';
import { parseJsonLines } from '../cli-common/json-lines.js';

const usageSchema = z.looseObject({
  input_tokens: z.number().nonnegative().default(0),
  cached_input_tokens: z.number().nonnegative().default(0),
  output_tokens: z.number().nonnegative().default(0),
});

const threadStarted = z.looseObject({ type: z.literal('thread.started'), thread_id: z.string().min(1) });
const itemCompleted = z.looseObject({
  type: z.literal('item.completed'),
  item: z.looseObject({ type: z.string(), text: z.string().optional(), message: z.string().optional() }),
});
const turnCompleted = z.looseObject({ type: z.literal('turn.completed'), usage: usageSchema });
const turnFailed = z.looseObject({ type: z.literal('turn.failed'), error: z.looseObject({ message: z.string() }).optional() });
const errorEvent = z.looseObject({ type: z.literal('error'), message: z.string() });
const otherEvent = z.looseObject({ type: z.string() });

const codexEvent = z.union([threadStarted, itemCompleted, turnCompleted, turnFailed, errorEvent, otherEvent]);

/** Token totals of a Codex thread (running totals over every turn, forks included). */
export interface ThreadTotals {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

export interface CodexStream {
  threadId: string | null;
  /** The last `agent_message`: Codex's final answer. */
  finalMessage: string;
  /** From the last `turn.completed`, or null when no turn completed. */
  totals: ThreadTotals | null;
  turnFailed: boolean;
  /** Messages of `error`, `turn.failed` and error items, in order. */
  errors: string[];
  malformed: number;
}

/** Reads the JSONL events of `codex exec --json`. */
export const parseCodexStream = (text: string): CodexStream => {
  const { events, malformed } = parseJsonLines(text, codexEvent);
  const stream: CodexStream = { threadId: null, finalMessage: '', totals: null, turnFailed: false, errors: [], malformed };
  for (const event of events) {
    const started = threadStarted.safeParse(event);
    if (started.success) stream.threadId ??= started.data.thread_id;
    const item = itemCompleted.safeParse(event);
    if (item.success && item.data.item.type === 'agent_message' && item.data.item.text !== undefined) stream.finalMessage = item.data.item.text;
    if (item.success && item.data.item.type === 'error' && item.data.item.message) stream.errors.push(item.data.item.message);
    const turn = turnCompleted.safeParse(event);
    if (turn.success) {
      const usage = turn.data.usage;
      stream.totals = { inputTokens: usage.input_tokens, cachedInputTokens: usage.cached_input_tokens, outputTokens: usage.output_tokens };
    }
    const failed = turnFailed.safeParse(event);
    if (failed.success) {
      stream.turnFailed = true;
      stream.errors.push(failed.data.error?.message ?? 'turn failed');
    }
    const error = errorEvent.safeParse(event);
    if (error.success) stream.errors.push(error.data.message);
  }
  return stream;
};

const storedTotals = z.object({
  codexThreadTotals: z.object({ inputTokens: z.number(), cachedInputTokens: z.number(), outputTokens: z.number() }),
});

/** What swarm stores with a codex session, so a fork can subtract its parent's running totals. */
export const totalsToJson = (totals: ThreadTotals): string => JSON.stringify({ codexThreadTotals: totals });

/** The parent's stored totals, or zeros when none were stored or the text is not ours. */
export const totalsFromJson = (text: string | undefined): ThreadTotals => {
  const zero = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
  if (text === undefined) return zero;
  try {
    const parsed = storedTotals.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.codexThreadTotals : zero;
  } catch {
    return zero;
  }
};
