import { extractHypothesis } from '../../core/attempt/agent-prompt.js';
import type { AgentBackend, AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { costOf, type Price } from '../../core/budget/pricing.js';
import { knownPrice } from '../../core/budget/known-price.js';
import { runProcess } from '../../process/run-process.js';
import type { CodexConfig } from './settings.js';
import { lastLines, processProblem, runAgentCli, cappedOutcome } from '../cli-common/run-agent-cli.js';
import { summarize } from '../cli-common/summary.js';
import { codexArgs } from './codex-args.js';
import { codexHomeOf, rolloutErrorInfo, rolloutTotals } from './codex-rollout.js';
import { codexEditFailures, withoutCodexNoise } from './codex-stderr.js';
import { readHead } from '../cli-common/read-head.js';
import { undoUnlandedWrites, writeCauseAt } from '../cli-common/unlanded-writes.js';
import { parseCodexStream, totalsFromJson, totalsToJson, type CodexStream, type ThreadTotals } from './codex-events.js';

export const CODEX_BACKEND = 'codex';

/** How much of codex's stderr log is read for its refusals (it is written by codex: bounded). */
const STDERR_READ_BYTES = 256 * 1024;

export interface CodexAgentOptions extends CodexConfig {
  binaryPath: string;
  /** agent.prices (over swarm's price table): Codex reports tokens, not USD. */
  prices: Record<string, Price>;
  /** The model codex uses when agent.model is unset (its config.toml's `model`), null = codex's own default. */
  defaultModel?: string | null;
}

/** Whether this codex has `codex exec fork` (0.171 does; older releases only `resume`). */
export const codexCanFork = async (binaryPath: string): Promise<boolean> => {
  const help = await runProcess(binaryPath, ['exec', '--help'], { timeoutMs: 15_000 });
  // Cannot tell: assume the current CLI.
  return help.exitCode === 0 ? /^\s*fork\s/m.test(help.stdout) : true;
};

/** The codex backend: one `codex exec --json` process per attempt, in the attempt's worktree. */
export const createCodexAgent = (options: CodexAgentOptions): AgentBackend => {
  let canFork: Promise<boolean> | null = null;
  const run = async (task: AgentTask, signal: AbortSignal): Promise<AgentOutcome> => {
    const fork = task.forkFrom === undefined ? true : await (canFork ??= codexCanFork(options.binaryPath));
    const cli = await runAgentCli({
      file: options.binaryPath,
      args: codexArgs(task, options, { canFork: fork }),
      cwd: task.worktree,
      env: task.env,
      timeoutMs: task.timeoutMs,
      ...(task.stallTimeoutMs === undefined ? {} : { stallTimeoutMs: task.stallTimeoutMs }),
      logDir: task.logDir,
      name: 'codex',
      signal,
      ...(task.runCost === undefined ? {} : { runCost: task.runCost }),
      ...(task.launcher ? { launcher: task.launcher } : {}),
    });
    const stream = parseCodexStream(cli.stdout);
    const problem = processProblem('codex', { ...cli.process, stderrTail: withoutCodexNoise(cli.process.stderrTail) }, task.timeoutMs, cli.quiet);
    const model = task.model ?? options.defaultModel ?? null;
    const price = model === null ? undefined : knownPrice(model, options.prices)?.price;
    // A turn stopped before `turn.completed` (the timeout, Ctrl-C) still used tokens: codex's rollout has them.
    const seen = stream.threadId !== null && (problem !== null || stream.totals === null) ? await rolloutTotals(codexHomeOf(task.env), stream.threadId) : null;
    // `exec --json` gives a failed turn's words only ("high demand" for an HTTP 500); the rollout has its class.
    const errorInfo = stream.threadId !== null && stream.turnFailed ? await rolloutErrorInfo(codexHomeOf(task.env), stream.threadId) : null;
    // The helper's refusal is codex's first line: read from the log's head, not the tail kept in memory.
    const stderr = `${await readHead(cli.stderrPath, STDERR_READ_BYTES)}\n${cli.process.stderrTail}`;
    const outcome = codexOutcome(stream, task, problem, price, cli.transcriptPath, seen, errorInfo);
    // Codex names the file, not the cause: swarm looks at it (read-only, full), and puts back what a refused write truncated.
    const cause = stream.unlandedPaths[0] === undefined ? null : await writeCauseAt(stream.unlandedPaths[0]);
    await undoUnlandedWrites(task.worktree, stream.unlandedPaths);
    const edits = [
      ...(cause === null ? [] : [`codex could not write: ${cause}`]),
      ...codexEditFailures(stderr),
      ...stream.failedFileChanges.map((change) => `codex file change failed: ${change}`),
    ];
    return cappedOutcome(edits.length > 0 ? { ...outcome, editFailures: edits } : outcome, cli.capped);
  };
  return { name: CODEX_BACKEND, run };
};

const tokensOf = (t: ThreadTotals) => ({ inputTokens: t.inputTokens, outputTokens: t.outputTokens, cachedInputTokens: t.cachedInputTokens });

/** Turns a parsed transcript into the attempt's outcome (pure, for tests). */
export const codexOutcome = (
  stream: CodexStream,
  task: AgentTask,
  problem: string | null,
  price: Price | undefined,
  transcriptPath: string,
  /** Running totals read from codex's rollout file, for a turn that never completed. */
  seen: ThreadTotals | null = null,
  /** `codex_error_info` of the failed turn, from the rollout file. */
  errorInfo: string | null = null,
): AgentOutcome => {
  // turn.completed carries running totals of the thread; a fork starts from its parent's totals.
  const parent = totalsFromJson(task.forkFrom ? task.forkHistoryJson : undefined);
  const totals = stream.totals === null || (seen !== null && seen.inputTokens > stream.totals.inputTokens) ? seen : stream.totals;
  const own: ThreadTotals = totals === null
    ? { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 }
    : {
        inputTokens: Math.max(0, totals.inputTokens - parent.inputTokens),
        cachedInputTokens: Math.max(0, totals.cachedInputTokens - parent.cachedInputTokens),
        outputTokens: Math.max(0, totals.outputTokens - parent.outputTokens),
      };
  const usage = { inputTokens: own.inputTokens, outputTokens: own.outputTokens, costUsd: costOf(tokensOf(own), price) };
  const cumulative = totals === null ? undefined : costOf(tokensOf(totals), price);
  const session = stream.threadId === null
    ? undefined
    : { backend: CODEX_BACKEND, id: stream.threadId, ...(cumulative === undefined ? {} : { cumulativeCostUsd: cumulative }) };
  const finalText = stream.finalMessage;
  const malformedNote = stream.malformed > 0 ? `${stream.malformed} malformed transcript line(s) skipped` : null;
  const base = {
    summary: summarize(finalText),
    hypothesis: extractHypothesis(finalText),
    usage,
    transcriptPath,
    ...(stream.selfEvalFailures.length > 0 ? { selfEvalFailures: stream.selfEvalFailures } : {}),
    ...(session ? { session } : {}),
    ...(totals !== null && session ? { historyJson: totalsToJson(totals) } : {}),
  };
  if (problem === null && !stream.turnFailed && stream.totals !== null) {
    return { ...base, status: 'completed', ...(malformedNote ? { error: malformedNote } : {}) };
  }
  const cause = errorInfo === null ? '' : ` (${describeErrorInfo(errorInfo)})`;
  const lastError = stream.errors.length > 0 ? `; last codex error: ${lastLines(stream.errors.join('\n'), 1)}${cause}` : cause;
  const reason = problem ?? (stream.turnFailed ? 'codex reported a failed turn' : 'codex ended without completing a turn');
  return { ...base, status: 'failed', error: `${reason}${lastError}${malformedNote ? ` (${malformedNote})` : ''}` };
};

/** What codex's error classes mean, with where its retries are set (its model provider's `request_max_retries`). */
const ERROR_INFO: Record<string, string> = {
  internal_server_error: 'the model server answered HTTP 5xx, after codex\'s retries (request_max_retries of the model provider in codex\'s config.toml)',
  http_connection_failed: 'codex could not connect to the model server, after its retries (request_max_retries in codex\'s config.toml)',
  response_stream_connection_failed: 'the model server\'s response stream could not be opened, after codex\'s retries (stream_max_retries in codex\'s config.toml)',
  response_stream_disconnected: 'the model server\'s response stream broke off, after codex\'s retries (stream_max_retries in codex\'s config.toml)',
  bad_request: 'the model server answered HTTP 400',
  unauthorized: 'the model server refused the key (HTTP 401)',
  context_window_exceeded: 'the conversation outgrew the model\'s context window',
  model_not_found: 'the model server does not know the model',
};

const describeErrorInfo = (info: string): string => `codex_error_info ${info}${ERROR_INFO[info] === undefined ? '' : `: ${ERROR_INFO[info]}`}`;
