import type { CodexConfig } from './settings.js';
import type { AccessCheck, Env } from '../access/access-check.js';
import { oneLine, PROBE_PROMPT, PROBE_TIMEOUT_MS, runProbeProcess } from '../access/probe-process.js';
import { parseCodexStream } from './codex-events.js';

/** One prompt through `codex exec` in a scratch directory, read-only, retries off. */
export const probeCodex = async (binary: string, settings: CodexConfig, env: Env, cwd: string): Promise<AccessCheck> => {
  const overrides = Object.entries(settings.configOverrides).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  // Retries off: an unreachable model answers in seconds instead of "Reconnecting..." for minutes.
  const args = ['exec', '--json', '--skip-git-repo-check', '--sandbox', 'read-only', '-C', cwd, '-c', 'request_max_retries=0', '-c', 'stream_max_retries=0', ...overrides, '--', PROBE_PROMPT];
  const run = await runProbeProcess(binary, args, cwd, env);
  const stream = parseCodexStream(run.stdout);
  if (run.timedOut) return { ok: false, detail: `codex gave no answer within ${PROBE_TIMEOUT_MS / 1000} s${stream.errors.length > 0 ? `: ${oneLine(stream.errors.at(-1) ?? '')}` : ''}` };
  if (run.exitCode === 0 && stream.totals !== null && !stream.turnFailed) return { ok: true, detail: `answered: ${oneLine(stream.finalMessage)}` };
  return { ok: false, detail: `codex failed (exit ${String(run.exitCode)}): ${oneLine(stream.errors.at(-1) ?? run.stderr)}` };
};
