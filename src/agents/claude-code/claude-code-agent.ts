import { extractHypothesis } from '../../core/attempt/agent-prompt.js';
import { costOf, type Price } from '../../core/budget/pricing.js';
import type { AgentBackend, AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { knownPrice } from '../../core/budget/known-price.js';
import type { ClaudeCodeConfig } from './settings.js';
import { cappedOutcome, processProblem, runAgentCli } from '../cli-common/run-agent-cli.js';
import { summarize } from '../cli-common/summary.js';
import { claudeArgs, claudeEnv } from './claude-args.js';
import { inputTokensOf, parseClaudeStream, type ClaudeStream } from './claude-events.js';
import { claudeLimit } from './claude-limit.js';
import { denialNote, editFailures, errorReason, permissionDenials, stoppedReason } from './claude-problems.js';

export const CLAUDE_CODE_BACKEND = 'claude-code';

export interface ClaudeCodeAgentOptions extends ClaudeCodeConfig {
  /** The resolved executable (see `requireBinary`). */
  binaryPath: string;
  /** agent.prices: what a run killed before its result (which carries the dollars) cost. */
  prices?: Readonly<Record<string, Price>>;
}

// Limits reached mid-work: the edits so far are still worth evaluating.
const LIMIT_SUBTYPES = new Set(['error_max_turns', 'error_max_budget_usd']);

/** The claude-code backend: one `claude -p` process per attempt, in the attempt's worktree. */
export const createClaudeCodeAgent = (options: ClaudeCodeAgentOptions): AgentBackend => ({
  name: CLAUDE_CODE_BACKEND,
  run: async (task: AgentTask, signal: AbortSignal): Promise<AgentOutcome> => {
    const isRoot = process.getuid?.() === 0;
    const run = await runAgentCli({
      file: options.binaryPath,
      args: claudeArgs(task, options),
      cwd: task.worktree,
      env: claudeEnv(task, options, isRoot),
      timeoutMs: task.timeoutMs,
      ...(task.stallTimeoutMs === undefined ? {} : { stallTimeoutMs: task.stallTimeoutMs }),
      logDir: task.logDir,
      name: 'claude-code',
      signal,
      ...(task.runCost === undefined ? {} : { runCost: task.runCost }),
      ...(task.launcher ? { launcher: task.launcher } : {}),
    });
    const stream = parseClaudeStream(run.stdout);
    const problem = processProblem('claude', run.process, task.timeoutMs, run.quiet);
    const stop = { stopped: run.process.timedOut || run.process.canceled, timedOut: run.process.timedOut };
    const outcome = claudeOutcome(stream, task, problem, stop, run.transcriptPath, options.prices);
    if (run.capped !== null) return cappedOutcome(outcome, run.capped);
    // Rate and usage limits (park): the attempt waits for the reset instead of failing.
    return outcome.status === 'failed' && !run.process.canceled ? { ...outcome, limit: claudeLimit(run.stdout) } : outcome;
  },
});

/** Turns a parsed transcript into the attempt's outcome (pure, for tests). */
export const claudeOutcome = (
  stream: ClaudeStream,
  task: AgentTask,
  problem: string | null,
  stop: { stopped: boolean; timedOut: boolean },
  transcriptPath: string,
  prices: Readonly<Record<string, Price>> = {},
): AgentOutcome => {
  const { result } = stream;
  const finalText = result?.result ?? stream.lastAssistantText;
  const total = result?.total_cost_usd;
  // total_cost_usd is cumulative over a forked conversation: the attempt's own cost is the difference.
  const parentTotal = task.forkFrom?.cumulativeCostUsd ?? 0;
  // Without a result event (killed by a timeout or abort) the tokens are those of the messages seen,
  // priced with agent.prices (Claude Code reports dollars only in the result).
  const tokens = result ? { inputTokens: inputTokensOf(result), outputTokens: result.usage?.output_tokens ?? 0 } : stream.assistantUsage;
  const model = task.model ?? stream.model;
  const usage = {
    inputTokens: tokens.inputTokens,
    outputTokens: tokens.outputTokens,
    costUsd: total === undefined ? costOf(stream.assistantUsage, model === null ? undefined : knownPrice(model, prices)?.price) : Math.max(0, total - parentTotal),
  };
  const session = stream.sessionId === null
    ? undefined
    : { backend: CLAUDE_CODE_BACKEND, id: stream.sessionId, ...(total === undefined ? {} : { cumulativeCostUsd: total }) };
  const denials = permissionDenials(stream);
  const edits = editFailures(stream);
  const notes = [
    denialNote(denials, task.allowedCommands ?? []),
    stream.malformed > 0 ? `${stream.malformed} malformed transcript line(s) skipped` : null,
  ].filter((x): x is string => x !== null);
  const base = {
    summary: summarize(finalText),
    hypothesis: extractHypothesis(finalText),
    usage,
    transcriptPath,
    ...(session ? { session } : {}),
    ...(denials.length > 0 ? { permissionDenials: denials } : {}),
    ...(edits.length > 0 ? { editFailures: edits } : {}),
  };
  const failed = (reason: string): AgentOutcome => ({ ...base, status: 'failed', error: [reason, ...notes].join('; ') });
  if (stop.stopped || result === null) return failed(stoppedReason(stream, problem, stop.timedOut));
  if (result.is_error && !LIMIT_SUBTYPES.has(result.subtype)) return failed(errorReason(result, stream, problem));
  const limitNote = LIMIT_SUBTYPES.has(result.subtype) ? `claude stopped at a limit (${result.subtype}); its edits are evaluated` : null;
  const note = [limitNote, ...notes].filter((x): x is string => x !== null).join('; ');
  return { ...base, status: 'completed', ...(note ? { error: note } : {}) };
};
