import { realpath } from 'node:fs/promises';
import { extractHypothesis } from '../../core/attempt/agent-prompt.js';
import type { AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { historyFromJson, historyToJson } from './history.js';
import { describeModelError, type HistoryItem, type ModelApi, type ToolResultItem } from './model-api.js';
import { limitField } from './model-error-limit.js';
import type { ToolContext } from './tool-context.js';
import { AGENT_TOOLS, runTool } from './tools.js';
import { openJsonTranscript } from './transcript.js';
import { UsageMeter, type AttemptLimits } from './usage-meter.js';

export interface AgentLoopOptions {
  limits: AttemptLimits;
  maxOutputTokens: number;
  commandTimeoutMs: number;
  outputChars: number;
  evalArgv: readonly string[] | undefined;
  /** Transcript lines also on stdout (the loop runs in an agent's batch job). */
  echoTranscript?: boolean;
}

const firstLine = (text: string): string => text.trim().split('\n').find((line) => line.trim() !== '' && !/^\s*HYPOTHESIS:/i.test(line))?.trim().slice(0, 200) ?? '';

/**
 * The tool-using loop of the anthropic and openai backends: the model reads and edits the
 * worktree through confined tools until it calls `finish`, answers without a tool call, or a
 * limit (turns, tokens, USD) stops it; the work done so far is then evaluated like any other.
 * A request that still fails after the SDK's retries fails the attempt, with the reason (and the
 * limit, for a 429/529, so the attempt waits and continues this history instead).
 */
export const runAgentLoop = async (api: ModelApi, task: AgentTask, options: AgentLoopOptions, signal: AbortSignal): Promise<AgentOutcome> => {
  const transcript = await openJsonTranscript(task.logDir, options.echoTranscript ?? false);
  const meter = new UsageMeter(api.price, options.limits);
  const forked = task.forkHistoryJson !== undefined ? historyFromJson(task.forkHistoryJson) : null;
  const history: HistoryItem[] = [...(forked ?? []), { kind: 'user', text: task.prompt }];
  const session = { backend: api.provider, id: `${task.runId}-${task.attemptId}` };
  const ctx: ToolContext = {
    root: await realpath(task.worktree),
    env: task.env,
    signal,
    commandTimeoutMs: options.commandTimeoutMs,
    evalTimeoutMs: task.timeoutMs,
    outputChars: options.outputChars,
    logDir: task.logDir,
    evalArgv: options.evalArgv,
  };
  await transcript.write({ type: 'start', provider: api.provider, model: api.model, role: task.role, forkedItems: forked?.length ?? 0 });
  // Writes the file system refused (EACCES, EROFS, ENOSPC), in the tools' words.
  const editFailures: string[] = [];
  const end = async (fields: Omit<AgentOutcome, 'usage' | 'session' | 'historyJson' | 'transcriptPath'>): Promise<AgentOutcome> => {
    const usage = meter.total();
    await transcript.write({ type: 'end', status: fields.status, error: fields.error ?? null, usage });
    const edits = editFailures.length > 0 ? { editFailures } : {};
    return { ...fields, ...edits, usage, session: { ...session, cumulativeCostUsd: usage.costUsd }, historyJson: historyToJson(history), transcriptPath: transcript.path };
  };
  let lastText = '';
  for (;;) {
    if (signal.aborted) return end({ status: 'failed', summary: firstLine(lastText), hypothesis: extractHypothesis(lastText), error: 'aborted' });
    const limit = meter.exceeded() ?? task.runCost?.exceeded() ?? null;
    if (limit !== null) {
      return end({ status: 'completed', summary: firstLine(lastText) || 'stopped at a limit', hypothesis: extractHypothesis(lastText), error: limit });
    }
    let reply;
    try {
      reply = await api.chat({ system: task.systemPrompt, history, tools: AGENT_TOOLS, maxOutputTokens: options.maxOutputTokens }, signal);
    } catch (error) {
      if (signal.aborted) return end({ status: 'failed', summary: firstLine(lastText), hypothesis: null, error: 'aborted' });
      return end({ status: 'failed', summary: firstLine(lastText), hypothesis: extractHypothesis(lastText), error: describeModelError(error, api), ...limitField(error) });
    }
    meter.add(reply.usage);
    task.runCost?.report(meter.total().costUsd);
    if (reply.text.trim() !== '') lastText = reply.text;
    history.push({ kind: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
    await transcript.write({ type: 'assistant', text: reply.text, toolCalls: reply.toolCalls, usage: reply.usage, stopReason: reply.stopReason });
    if (reply.toolCalls.length === 0) {
      return end({ status: 'completed', summary: firstLine(reply.text) || 'no summary given', hypothesis: extractHypothesis(reply.text) });
    }
    const results: ToolResultItem[] = [];
    let finish: { summary: string; hypothesis: string } | undefined;
    for (const call of reply.toolCalls) {
      const result = await runTool(ctx, call);
      results.push({ id: call.id, name: call.name, content: result.content, isError: result.isError });
      if (result.writeFailure !== undefined) editFailures.push(result.writeFailure);
      await transcript.write({ type: 'tool', name: call.name, arguments: call.arguments, isError: result.isError, content: result.content.slice(0, 2000) });
      finish ??= result.finish;
    }
    history.push({ kind: 'tool_results', results });
    if (finish) return end({ status: 'completed', summary: finish.summary.trim() || 'no summary given', hypothesis: finish.hypothesis.trim() || null });
  }
};
