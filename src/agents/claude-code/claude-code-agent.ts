import { extractHypothesis } from '../../core/agent-prompt.js';
import type { AgentBackend, AgentOutcome, AgentTask } from '../../core/ports.js';
import type { ClaudeCodeConfig } from '../../config/resolve-config.js';
import { processProblem, runAgentCli } from '../cli-common/run-agent-cli.js';
import { summarize } from '../cli-common/summary.js';
import { claudeArgs, claudeEnv } from './claude-args.js';
import { inputTokensOf, parseClaudeStream, type ClaudeStream } from './claude-events.js';
import { claudeLimit } from './claude-limit.js';

export const CLAUDE_CODE_BACKEND = 'claude-code';

export interface ClaudeCodeAgentOptions extends ClaudeCodeConfig {
  /** The resolved executable (see `requireBinary`). */
  binaryPath: string;
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
      logDir: task.logDir,
      name: 'claude-code',
      signal,
    });
    const stream = parseClaudeStream(run.stdout);
    const problem = processProblem('claude', run.process, task.timeoutMs);
    const outcome = claudeOutcome(stream, task, problem, run.process.timedOut || run.process.canceled, run.transcriptPath);
    // Rate and usage limits (park): the attempt waits for the reset instead of failing.
    return outcome.status === 'failed' && !run.process.canceled ? { ...outcome, limit: claudeLimit(run.stdout) } : outcome;
  },
});

/** Turns a parsed transcript into the attempt's outcome (pure, for tests). */
export const claudeOutcome = (stream: ClaudeStream, task: AgentTask, problem: string | null, stopped: boolean, transcriptPath: string): AgentOutcome => {
  const { result } = stream;
  const finalText = result?.result ?? stream.lastAssistantText;
  const total = result?.total_cost_usd;
  // total_cost_usd is cumulative over a forked conversation: the attempt's own cost is the difference.
  const parentTotal = task.forkFrom?.cumulativeCostUsd ?? 0;
  // Without a result event (killed by a timeout or abort) the tokens are those of the messages seen;
  // their dollar cost is unknown then (Claude Code reports it only in the result).
  const usage = {
    inputTokens: result ? inputTokensOf(result) : stream.assistantUsage.inputTokens,
    outputTokens: result ? (result.usage?.output_tokens ?? 0) : stream.assistantUsage.outputTokens,
    costUsd: total === undefined ? 0 : Math.max(0, total - parentTotal),
  };
  const session = stream.sessionId === null
    ? undefined
    : { backend: CLAUDE_CODE_BACKEND, id: stream.sessionId, ...(total === undefined ? {} : { cumulativeCostUsd: total }) };
  const malformedNote = stream.malformed > 0 ? ` (${stream.malformed} malformed transcript line(s) skipped)` : '';
  const base = {
    summary: summarize(finalText),
    hypothesis: extractHypothesis(finalText),
    usage,
    transcriptPath,
    ...(session ? { session } : {}),
  };
  if (stopped || result === null) {
    const reason = problem ?? 'claude ended without a result event';
    return { ...base, status: 'failed', error: `${reason}${malformedNote}` };
  }
  if (result.is_error && !LIMIT_SUBTYPES.has(result.subtype)) {
    const http = result.api_error_status ? `, HTTP ${result.api_error_status}` : '';
    const detail = result.result ?? result.errors?.join('; ') ?? problem ?? 'no details';
    return { ...base, status: 'failed', error: `claude reported an error (${result.subtype}${http}): ${detail}${malformedNote}` };
  }
  const limitNote = LIMIT_SUBTYPES.has(result.subtype) ? `claude stopped at a limit (${result.subtype}); its edits are evaluated` : null;
  const note = [limitNote, stream.malformed > 0 ? malformedNote.trim() : null].filter((x): x is string => x !== null).join('; ');
  return { ...base, status: 'completed', ...(note ? { error: note } : {}) };
};
