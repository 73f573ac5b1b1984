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
  item: z.looseObject({
    type: z.string(),
    text: z.string().optional(),
    message: z.string().optional(),
    command: z.string().optional(),
    exit_code: z.number().nullable().optional(),
    aggregated_output: z.string().optional(),
    status: z.string().optional(),
    changes: z.array(z.looseObject({ path: z.string(), kind: z.string().optional() })).optional(),
  }),
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
  /** Why each `swarm eval` the agent ran gave it no score (exit 127: not on PATH, a failed hand-off, ...). */
  selfEvalFailures: string[];
  /** Each `file_change` item that ended `"status":"failed"`, as `<kind> <path>` of its changes. */
  failedFileChanges: string[];
  /** Paths whose last `file_change` failed: a write that may have stopped part-way (a full disk). */
  unlandedPaths: string[];
  malformed: number;
}

const SWARM_EVAL = /(?:^|[\s;&|('"/])swarm'?\s+eval\b/;

/**
 * A `swarm eval` command execution that gave no score: any exit but 0, and 1 when it printed an
 * invalid program's verdict (that is a result). Null when the command is not `swarm eval` or ok.
 */
export const selfEvalFailure = (item: { command?: string | undefined; exit_code?: number | null | undefined; aggregated_output?: string | undefined }): string | null => {
  if (item.command === undefined || !SWARM_EVAL.test(item.command)) return null;
  const code = item.exit_code;
  if (code === undefined || code === null || code === 0) return null;
  const output = item.aggregated_output ?? '';
  if (code === 1 && (/^invalid: /m.test(output) || /"valid":\s*false/.test(output))) return null;
  // The reason is printed by `swarm show`: no escape sequences or control characters from the agent's shell.
  const plain = printable(output);
  const last = plain.split('\n').map((line) => line.trim()).filter(Boolean).at(-1) ?? '';
  const detail = last.length > 300 ? `${last.slice(0, 299)}…` : last;
  return `swarm eval exited with code ${code}${code === 127 ? ' (command not found)' : ''}${detail ? `: ${detail}` : ''}`;
};

/** Reads the JSONL events of `codex exec --json`. */
export const parseCodexStream = (text: string): CodexStream => {
  const { events, malformed } = parseJsonLines(text, codexEvent);
  const stream: CodexStream = { threadId: null, finalMessage: '', totals: null, turnFailed: false, errors: [], selfEvalFailures: [], failedFileChanges: [], unlandedPaths: [], malformed };
  const lastStatus = new Map<string, string | undefined>();
  for (const event of events) {
    const started = threadStarted.safeParse(event);
    if (started.success) stream.threadId ??= started.data.thread_id;
    const item = itemCompleted.safeParse(event);
    if (item.success && item.data.item.type === 'agent_message' && item.data.item.text !== undefined) stream.finalMessage = item.data.item.text;
    if (item.success && item.data.item.type === 'error' && item.data.item.message) stream.errors.push(item.data.item.message);
    const failure = item.success && item.data.item.type === 'command_execution' ? selfEvalFailure(item.data.item) : null;
    if (failure !== null) stream.selfEvalFailures.push(failure);
    if (item.success && item.data.item.type === 'file_change') {
      for (const change of item.data.item.changes ?? []) lastStatus.set(change.path, item.data.item.status);
    }
    if (item.success && item.data.item.type === 'file_change' && item.data.item.status === 'failed') {
      const changes = item.data.item.changes ?? [];
      stream.failedFileChanges.push(changes.length === 0 ? 'a file change' : changes.map((c) => `${c.kind ?? 'change'} ${c.path}`).join(', '));
    }
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
  stream.unlandedPaths = [...lastStatus].filter(([, status]) => status === 'failed').map(([path]) => path);
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

/** Text without CSI escape sequences (`ESC [ … final`) and control characters other than newlines. */
const printable = (text: string): string => {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x1b && text[i + 1] === '[') {
      i += 2;
      while (i < text.length && !(text.charCodeAt(i) >= 0x40 && text.charCodeAt(i) <= 0x7e)) i++;
      continue;
    }
    if (code === 0x0a || (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f))) out += text[i];
  }
  return out;
};
