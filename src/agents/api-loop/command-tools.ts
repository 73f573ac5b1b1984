import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isAllowedEnvName } from '../../core/trust/env-allow-list.js';
import { runProcessGroup } from '../../process/process-group.js';
import { evaluateWorktree } from '../local/evaluate-worktree.js';
import type { ToolContext, ToolResult } from './tool-context.js';
import { truncateOutput } from './truncate-output.js';

let commandCounter = 0;

/**
 * The commands the model runs inherit only the allow-list of swarm's environment (credentials, the
 * model API keys above all, stay out: the output goes back to the model, into the stored
 * conversation and the transcript); `ctx.env` adds what swarm set for the attempt.
 */
const withheldFromCommands = (name: string): boolean => !isAllowedEnvName(name);

const sizeOf = async (path: string): Promise<number> => {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
};

const section = async (name: string, tail: string, file: string): Promise<string> => {
  const size = await sizeOf(file);
  const marker = size > Buffer.byteLength(tail) ? `[... output truncated: first ${size - Buffer.byteLength(tail)} bytes omitted ...]\n` : '';
  return tail === '' ? '' : `${name}:\n${marker}${tail}`;
};

/** Runs a shell command in the worktree as its own process group, killed on timeout or abort. */
export const runCommandTool = async (ctx: ToolContext, input: { command: string }): Promise<ToolResult> => {
  commandCounter += 1;
  const base = join(ctx.logDir, 'commands', `${process.pid}-${commandCounter}`);
  const outcome = await runProcessGroup({
    file: input.command,
    shell: true,
    cwd: ctx.root,
    env: ctx.env,
    withholdEnv: withheldFromCommands,
    timeoutMs: ctx.commandTimeoutMs,
    signal: ctx.signal,
    stdoutFile: `${base}.out`,
    stderrFile: `${base}.err`,
    tailBytes: ctx.outputChars,
    killGraceMs: 500,
  });
  if (outcome.error !== null) return { content: `command could not start: ${outcome.error}`, isError: true };
  const status = outcome.timedOut
    ? `timed out after ${ctx.commandTimeoutMs} ms and was killed`
    : outcome.canceled
      ? 'cancelled'
      : outcome.signal !== null
        ? `killed by ${outcome.signal}`
        : `exit code ${outcome.exitCode ?? 'unknown'}`;
  const parts = [status, await section('stdout', outcome.stdoutTail, `${base}.out`), await section('stderr', outcome.stderrTail, `${base}.err`)];
  return { content: truncateOutput(parts.filter((p) => p !== '').join('\n'), ctx.outputChars), isError: outcome.exitCode !== 0 };
};

/** Scores the worktree with `swarm eval --json`, as the swarm will (recorded as an intermediate evaluation). */
export const runEvalTool = async (ctx: ToolContext): Promise<ToolResult> => {
  if (!ctx.evalArgv) return { content: 'run_eval is not available in this run', isError: true };
  const result = await evaluateWorktree({ argv: ctx.evalArgv, cwd: ctx.root, env: ctx.env, timeoutMs: ctx.evalTimeoutMs, signal: ctx.signal });
  if (!result.ok) return { content: result.reason, isError: true };
  if (!result.valid) return { content: `invalid: ${result.reason ?? 'the evaluator reported an invalid result'}`, isError: false };
  return { content: `valid; score ${String(result.score)} (${result.direction})`, isError: false };
};
