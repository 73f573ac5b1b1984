import { extractHypothesis } from '../../../core/attempt/agent-prompt.js';
import type { AgentOutcome, AgentTask } from '../../../core/ports/index.js';
import { historyFromJson, historyToJson } from '../history.js';
import { describeModelError, type HistoryItem, type ModelApi } from '../model-api.js';
import { limitField } from '../model-error-limit.js';
import { openJsonTranscript } from '../transcript.js';
import { UsageMeter, type AttemptLimits } from '../usage-meter.js';
import { collectSources, writeTexts } from '../../local/collect-sources.js';
import { applyRegionRewrites, applySearchReplace, type ApplyResult, type SourceText } from './apply-blocks.js';
import { composeDiffPrompt, diffSystemPrompt, retryPrompt } from './diff-prompt.js';
import { parseRegionRewrites, parseSearchReplace } from './parse-blocks.js';
import { readFindings } from '../../../workspace/findings.js';

export interface DiffOptions {
  resamples: number;
  fullRewrite: boolean;
  maxOutputTokens: number;
  limits: AttemptLimits;
}

/** The worktree's findings.md (read bounded, never through a link), or null when it has none. */
const findingsOf = async (worktree: string): Promise<string | null> => (await readFindings(worktree).catch(() => '')) || null;

const applyReply = (sources: readonly SourceText[], reply: string, fullRewrite: boolean): ApplyResult => {
  if (fullRewrite) {
    const parsed = parseRegionRewrites(reply);
    return parsed.errors.length > 0 ? { ok: false, errors: parsed.errors } : applyRegionRewrites(sources, parsed.rewrites);
  }
  const parsed = parseSearchReplace(reply);
  return parsed.errors.length > 0 ? { ok: false, errors: parsed.errors } : applySearchReplace(sources, parsed.blocks);
};

const summaryOf = (reply: string, changed: readonly string[]): string => {
  const hypothesis = extractHypothesis(reply);
  return (hypothesis ?? `edited ${changed.join(', ')}`).slice(0, 200);
};

/**
 * Diff mode: one model call per attempt in the AlphaEvolve format. Edits apply only inside
 * EVOLVE-BLOCK regions and only when every block applies; otherwise the errors are fed back and
 * the model is asked again, up to `resamples` times, and then the attempt fails with the reasons.
 */
export const runDiffAttempt = async (api: ModelApi, task: AgentTask, options: DiffOptions, signal: AbortSignal): Promise<AgentOutcome> => {
  const transcript = await openJsonTranscript(task.logDir);
  const meter = new UsageMeter(api.price, { ...options.limits, maxTurns: 0 });
  const sources = (await collectSources(task.worktree)).map((s) => ({ relPath: s.relPath, text: s.text }));
  const forked = task.forkHistoryJson !== undefined ? historyFromJson(task.forkHistoryJson) : null;
  const history: HistoryItem[] = [...(forked ?? [])];
  const session = { backend: api.provider, id: `${task.runId}-${task.attemptId}` };
  const end = async (fields: Omit<AgentOutcome, 'usage' | 'session' | 'historyJson' | 'transcriptPath'>): Promise<AgentOutcome> => {
    const usage = meter.total();
    await transcript.write({ type: 'end', status: fields.status, error: fields.error ?? null, usage });
    return { ...fields, usage, session: { ...session, cumulativeCostUsd: usage.costUsd }, historyJson: historyToJson(history), transcriptPath: transcript.path };
  };
  if (sources.length === 0) {
    return end({ status: 'failed', summary: '', hypothesis: null, error: `diff mode found no EVOLVE-BLOCK regions in ${task.worktree}; mark the code to evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments` });
  }
  history.push({ kind: 'user', text: composeDiffPrompt({ attemptPrompt: task.prompt, sources, findings: await findingsOf(task.worktree) }) });
  const system = diffSystemPrompt(task.role, options.fullRewrite);
  let errors: string[] = [];
  for (let sample = 0; sample <= options.resamples; sample++) {
    if (signal.aborted) return end({ status: 'failed', summary: '', hypothesis: null, error: 'aborted' });
    const limit = meter.exceeded() ?? task.runCost?.exceeded() ?? null;
    if (limit !== null) return end({ status: 'failed', summary: '', hypothesis: null, error: `${limit}; last problems: ${errors.join('; ')}` });
    let reply;
    try {
      reply = await api.chat({ system, history, tools: [], maxOutputTokens: options.maxOutputTokens }, signal);
    } catch (error) {
      return end({ status: 'failed', summary: '', hypothesis: null, error: signal.aborted ? 'aborted' : describeModelError(error, api), ...(signal.aborted ? {} : limitField(error)) });
    }
    meter.add(reply.usage);
    task.runCost?.report(meter.total().costUsd);
    history.push({ kind: 'assistant', text: reply.text, toolCalls: [] });
    const applied = applyReply(sources, reply.text, options.fullRewrite);
    await transcript.write({ type: 'sample', sample, text: reply.text, usage: reply.usage, errors: applied.ok ? [] : applied.errors });
    if (applied.ok) {
      await writeTexts(task.worktree, new Map([...applied.files].filter(([rel]) => applied.changed.includes(rel))));
      const hypothesis = extractHypothesis(reply.text);
      return end({ status: 'completed', summary: summaryOf(reply.text, applied.changed), hypothesis });
    }
    errors = applied.errors;
    history.push({ kind: 'user', text: retryPrompt(errors) });
  }
  const tries = options.resamples + 1;
  return end({ status: 'failed', summary: '', hypothesis: null, error: `diff mode: no valid edits after ${tries} ${tries === 1 ? 'reply' : 'replies'}: ${errors.join('; ')}` });
};
