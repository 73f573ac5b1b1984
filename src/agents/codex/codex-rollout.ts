import { open, readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { ThreadTotals } from './codex-events.js';

const TAIL_BYTES = 2 * 1024 * 1024;
/** Day folders searched, newest first: a thread is written under the day it started. */
const DAYS_SEARCHED = 3;

const tokenCount = z.looseObject({
  type: z.literal('event_msg'),
  payload: z.looseObject({
    type: z.literal('token_count'),
    info: z.looseObject({
      total_token_usage: z.looseObject({
        input_tokens: z.number().nonnegative(),
        cached_input_tokens: z.number().nonnegative().default(0),
        output_tokens: z.number().nonnegative(),
      }),
    }).nullable(),
  }),
});

/** Where codex keeps its sessions for an agent run with `env` (CODEX_HOME, else ~/.codex). */
export const codexHomeOf = (env: Record<string, string>): string =>
  env.CODEX_HOME ?? process.env.CODEX_HOME ?? join(env.HOME ?? homedir(), '.codex');

const newestFirst = async (dir: string): Promise<string[]> => (await readdir(dir).catch(() => [])).sort().reverse();

/** The rollout file of a thread: `sessions/YYYY/MM/DD/rollout-<time>-<thread>.jsonl`. */
const findRollout = async (codexHome: string, threadId: string): Promise<string | null> => {
  const sessions = join(codexHome, 'sessions');
  let days = 0;
  for (const year of await newestFirst(sessions)) {
    for (const month of await newestFirst(join(sessions, year))) {
      for (const day of await newestFirst(join(sessions, year, month))) {
        const dir = join(sessions, year, month, day);
        const file = (await readdir(dir).catch(() => [])).find((name) => name.startsWith('rollout-') && name.endsWith(`-${threadId}.jsonl`));
        if (file !== undefined) return join(dir, file);
        if (++days >= DAYS_SEARCHED) return null;
      }
    }
  }
  return null;
};

/** The last `TAIL_BYTES` of a thread's rollout file as lines, newest first; null when not found. */
const rolloutTail = async (codexHome: string, threadId: string): Promise<string[] | null> => {
  const file = await findRollout(codexHome, threadId);
  if (file === null) return null;
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const start = Math.max(0, size - TAIL_BYTES);
      const buffer = Buffer.alloc(size - start);
      await handle.read(buffer, 0, buffer.length, start);
      return buffer.toString('utf8').split('\n').reverse();
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
};

const parsed = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return null; // a partial first line of the tail, or a line cut by the kill
  }
};

/**
 * The thread's running token totals from codex's own rollout file (its last `token_count`
 * event): what a turn stopped by the timeout used, since `turn.completed` never came.
 */
export const rolloutTotals = async (codexHome: string, threadId: string): Promise<ThreadTotals | null> => {
  for (const line of (await rolloutTail(codexHome, threadId)) ?? []) {
    if (!line.includes('"token_count"')) continue;
    const event = tokenCount.safeParse(parsed(line));
    const usage = event.success ? event.data.payload.info?.total_token_usage : undefined;
    if (usage) return { inputTokens: usage.input_tokens, cachedInputTokens: usage.cached_input_tokens, outputTokens: usage.output_tokens };
  }
  return null;
};

const failedTask = z.looseObject({
  type: z.literal('event_msg'),
  payload: z.looseObject({ type: z.literal('task_complete'), error: z.looseObject({ codex_error_info: z.string() }) }),
});

/**
 * The class of the last failed turn (`codex_error_info` of its `task_complete`, e.g.
 * "internal_server_error"), which `codex exec --json` leaves out: its message for an HTTP 500 is
 * "We're currently experiencing high demand".
 */
export const rolloutErrorInfo = async (codexHome: string, threadId: string): Promise<string | null> => {
  for (const line of (await rolloutTail(codexHome, threadId)) ?? []) {
    if (!line.includes('"codex_error_info"')) continue;
    const event = failedTask.safeParse(parsed(line));
    if (event.success) return event.data.payload.error.codex_error_info;
  }
  return null;
};
