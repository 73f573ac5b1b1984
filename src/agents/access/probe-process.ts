import { runProcess, type ProcessResult } from '../../process/run-process.js';
import type { Env } from './access-check.js';

/** What `swarm doctor --probe` asks every backend. */
export const PROBE_PROMPT = 'Reply with the single word ok.';
export const PROBE_TIMEOUT_MS = 90_000;

export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/** stdin closed (both CLIs wait on an open one); a timeout stops the CLI and everything it started. */
export const runProbeProcess = async (file: string, args: string[], cwd: string, env: Env): Promise<ProcessResult> => {
  const result = await runProcess(file, args, { cwd, env, extendEnv: false, timeoutMs: PROBE_TIMEOUT_MS, isolation: 'tree' });
  return result.startError === null ? result : { ...result, stderr: `${result.stderr}${result.startError}` };
};
