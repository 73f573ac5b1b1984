import { z } from 'zod';
import type { Direction } from '../../core/domain/score.js';
import { readStdoutJson } from '../../core/evaluation/stdout-json.js';
import { runProcess } from '../../process/run-process.js';

/** What `swarm eval --json` prints. */
const evalJsonSchema = z.object({
  valid: z.boolean(),
  score: z.number().nullable(),
  direction: z.enum(['maximize', 'minimize']),
  metrics: z.record(z.string(), z.unknown()).optional(),
  reason: z.string().nullable().optional(),
});

export type WorktreeScore =
  | { ok: true; valid: boolean; score: number | null; direction: Direction; reason: string | null }
  | { ok: false; reason: string };

const tail = (text: string, max = 300): string => (text.length > max ? `…${text.slice(-max)}` : text).trim();

export interface EvaluateOptions {
  argv: readonly string[];
  cwd: string;
  /** Added to process.env. */
  env: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * Scores a worktree the way a real agent would: runs the `swarm eval --json` command in it and
 * reads its JSON. A failing or garbled command is a `{ ok: false }` value with the reason.
 */
export const evaluateWorktree = async (options: EvaluateOptions): Promise<WorktreeScore> => {
  const [file, ...args] = options.argv;
  if (file === undefined) return { ok: false, reason: 'eval command is empty' };
  const result = await runProcess(file, args, { cwd: options.cwd, env: options.env, timeoutMs: Math.max(1, options.timeoutMs), signal: options.signal });
  if (result.isCanceled) return { ok: false, reason: 'eval command cancelled' };
  if (result.startError !== null) return { ok: false, reason: `eval command could not start: ${result.startError}` };
  if (result.timedOut) return { ok: false, reason: `eval command timed out after ${options.timeoutMs} ms` };
  const { stdout, stderr } = result;
  const parsed = evalJsonSchema.safeParse(readStdoutJson(stdout));
  if (!parsed.success) {
    const exit = result.exitCode === null ? `signal ${result.signal ?? 'unknown'}` : `exit code ${result.exitCode}`;
    const detail = tail(stderr) || tail(stdout) || 'no output';
    return { ok: false, reason: `eval command printed no usable JSON (${exit}): ${detail}` };
  }
  const { valid, score, direction, reason } = parsed.data;
  return { ok: true, valid, score, direction, reason: reason ?? null };
};
