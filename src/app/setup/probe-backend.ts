import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { describeModelError } from '../../agents/api-loop/model-api.js';
import { parseCodexStream } from '../../agents/codex/codex-events.js';
import type { AgentBackendName, SwarmConfig } from '../../config/index.js';
import type { AccessCheck } from './cli-credentials.js';
import { runProcess, type ProcessResult } from '../../process/run-process.js';
import { createModelApi } from './create-model-api.js';

type Env = Record<string, string | undefined>;

const PROBE_PROMPT = 'Reply with the single word ok.';
const PROBE_TIMEOUT_MS = 90_000;

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 200);

// stdin closed (both CLIs wait on an open one); a timeout stops the CLI and everything it started.
const runProbeProcess = async (file: string, args: string[], cwd: string, env: Env): Promise<ProcessResult> => {
  const result = await runProcess(file, args, { cwd, env, extendEnv: false, timeoutMs: PROBE_TIMEOUT_MS, isolation: 'tree' });
  return result.startError === null ? result : { ...result, stderr: `${result.stderr}${result.startError}` };
};

const claudeResult = z.looseObject({ type: z.literal('result'), is_error: z.boolean().optional(), result: z.string().optional() });

const probeClaude = async (binary: string, env: Env, cwd: string): Promise<AccessCheck> => {
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

const probeCodex = async (binary: string, config: SwarmConfig, env: Env, cwd: string): Promise<AccessCheck> => {
  const overrides = Object.entries(config.agent.codex.configOverrides).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  // Retries off: an unreachable model answers in seconds instead of "Reconnecting..." for minutes.
  const args = ['exec', '--json', '--skip-git-repo-check', '--sandbox', 'read-only', '-C', cwd, '-c', 'request_max_retries=0', '-c', 'stream_max_retries=0', ...overrides, '--', PROBE_PROMPT];
  const run = await runProbeProcess(binary, args, cwd, env);
  const stream = parseCodexStream(run.stdout);
  if (run.timedOut) return { ok: false, detail: `codex gave no answer within ${PROBE_TIMEOUT_MS / 1000} s${stream.errors.length > 0 ? `: ${oneLine(stream.errors.at(-1) ?? '')}` : ''}` };
  if (run.exitCode === 0 && stream.totals !== null && !stream.turnFailed) return { ok: true, detail: `answered: ${oneLine(stream.finalMessage)}` };
  return { ok: false, detail: `codex failed (exit ${String(run.exitCode)}): ${oneLine(stream.errors.at(-1) ?? run.stderr)}` };
};

const probeApi = async (provider: 'anthropic' | 'openai', config: SwarmConfig): Promise<AccessCheck> => {
  const quiet = { ...config, agent: { ...config.agent, api: { ...config.agent.api, maxRetries: 0, requestTimeoutMs: PROBE_TIMEOUT_MS } } };
  const sameApi = config.agent.backend === provider;
  const api = await createModelApi(quiet, provider, { model: sameApi ? config.agent.model : null, baseUrl: sameApi ? config.agent.baseUrl : null });
  try {
    const reply = await api.chat({ system: 'You answer in one word.', history: [{ kind: 'user', text: PROBE_PROMPT }], tools: [], maxOutputTokens: 16 }, AbortSignal.timeout(PROBE_TIMEOUT_MS));
    return { ok: true, detail: `${api.model} answered: ${oneLine(reply.text)}` };
  } catch (error) {
    return { ok: false, detail: describeModelError(error, api) };
  }
};

/**
 * One tiny request through a backend (`swarm doctor --probe`): the CLIs are run in a scratch
 * directory with a one-word prompt and one turn; the API backends send one short message.
 */
export const probeBackend = async (backend: AgentBackendName, binaryPath: string | null, config: SwarmConfig, env: Env): Promise<AccessCheck | null> => {
  if (backend === 'local' || backend === 'command') return null;
  const scratch = mkdtempSync(join(tmpdir(), 'swarm-probe-'));
  try {
    if (backend === 'claude-code') return binaryPath === null ? null : await probeClaude(binaryPath, env, scratch);
    if (backend === 'codex') return binaryPath === null ? null : await probeCodex(binaryPath, config, env, scratch);
    return await probeApi(backend, config);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
