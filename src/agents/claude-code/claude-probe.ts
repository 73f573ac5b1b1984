import { z } from 'zod';
import type { AccessCheck, Env } from '../access/access-check.js';
import { oneLine, PROBE_PROMPT, PROBE_TIMEOUT_MS, runProbeProcess } from '../access/probe-process.js';

const claudeResult = z.looseObject({ type: z.literal('result'), is_error: z.boolean().optional(), result: z.string().optional() });

/** One one-turn prompt through `claude -p` in a scratch directory. */
export const probeClaude = async (binary: string, env: Env, cwd: string): Promise<AccessCheck> => {
  const run = await runProbeProcess(binary, ['-p', PROBE_PROMPT, '--output-format', 'json', '--max-turns', '1'], cwd, env);
  if (run.timedOut) return { ok: false, detail: `claude gave no answer within ${PROBE_TIMEOUT_MS / 1000} s` };
  let parsed: z.infer<typeof claudeResult> | null = null;
  try {
    const result = claudeResult.safeParse(JSON.parse(run.stdout));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (run.exitCode === 0 && parsed !== null && parsed.is_error !== true) return { ok: true, detail: `answered: ${oneLine(parsed.result ?? '')}` };
  return { ok: false, detail: `claude failed (exit ${String(run.exitCode)}): ${oneLine(parsed?.result ?? (run.stderr || run.stdout))}` };
};
