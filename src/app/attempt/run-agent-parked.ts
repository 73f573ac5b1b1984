import { agentBackend } from '../../agents/registry.js';
import { recordSelfEvalFailures } from '../evaluation/driver-evaluation.js';
import { redactSecrets } from '../evaluation/redaction.js';
import { backoffMs, classifyLimit } from '../../core/limits/classify-limit.js';
import { describeWait } from '../../core/limits/describe-wait.js';
import type { AgentLimit, AgentOutcome, AgentTask } from '../../core/ports/index.js';
import { addUsage } from '../../core/budget/pricing.js';
import { zeroUsage } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import type { Logger } from '../project/logger.js';
import type { RunDeps } from '../context/run-context.js';
import { movePhase } from './phase.js';
import { parkVerdict } from '../../core/limits/park-verdict.js';
import { RESUMED_EVENT, recordWait, waitForBackend, type GateDeps } from './backend-gate.js';

/** What the agent's turn uses: the backend, its limit settings, the store for the waits. */
export type ParkedDeps = GateDeps & Pick<RunDeps, 'config'>;

/** The message that continues a session after a wait (the worktree holds the work so far). */
export const CONTINUE_PROMPT =
  'Your previous turn was stopped by a rate or usage limit of the model API, which has now reset. ' +
  'Continue the task where you left off: your edits so far are still in this worktree. Finish as the instructions say.';

/** The limit that ended a run: the backend's own finding, else what its error text says. */
export const limitOf = (outcome: AgentOutcome, now = Date.now()): AgentLimit | null => {
  if (outcome.limit !== undefined) return outcome.limit;
  if (outcome.status !== 'failed') return null;
  return classifyLimit({ text: [outcome.error ?? '', outcome.summary].join('\n'), now });
};

/**
 * The task that continues an attempt after a wait, in the same worktree: the backend's session
 * resumed (claude `--resume --fork-session`, codex `exec fork`, the stored history of the API
 * backends), with what is left of `agent.timeout`; without a session (or one not worth resuming:
 * diff mode is a single call), the prompt again.
 */
export const continuationOf = (task: AgentTask, outcome: AgentOutcome, timeoutMs: number, resumable = true): AgentTask => {
  if (outcome.session === undefined || !resumable) return { ...task, timeoutMs };
  // The parent's stored history is replaced by the attempt's own (which contains it).
  const rest: AgentTask = { ...task };
  delete rest.forkHistoryJson;
  return {
    ...rest,
    prompt: CONTINUE_PROMPT,
    forkFrom: outcome.session,
    ...(outcome.historyJson !== undefined ? { forkHistoryJson: outcome.historyJson } : {}),
    timeoutMs,
  };
};

/**
 * Runs the attempt's agent; a run ended by a rate or usage limit parks the attempt (phase
 * `waiting`, an `agent.waiting` event with the reset) until the backend's limit lifts — the reset
 * it named, else a bounded exponential backoff — and then continues it. Usage of every run is
 * summed. Resolves null when a Ctrl-C ends a wait: the attempt is then interrupted.
 */
export const runAgentParked = async (
  ctx: ParkedDeps,
  attempt: AttemptRecord,
  task: AgentTask,
  out: { log: Logger; report: (line: string) => void },
): Promise<AgentOutcome | null> => {
  const { log } = out;
  const settings = ctx.config.agent.limits;
  // Diff mode's one model call has no session to resume (the descriptor says which backends have a diff mode).
  const resumable = !(ctx.config.agent.mode === 'diff' && agentBackend(ctx.config.agent.backend).capabilities.diffMode);
  let current = task;
  let usage = zeroUsage();
  // What every run of the attempt saw, not only the last one after a wait.
  const selfEvalFailures: string[] = [];
  const permissionDenials: string[] = [];
  const editFailures: string[] = [];
  let agentMs = 0;
  let waitedMs = 0;
  for (let waits = 0; ; waits++) {
    const started = Date.now();
    const outcome = await ctx.backend.run(current, ctx.force);
    agentMs += Date.now() - started;
    usage = addUsage(usage, outcome.usage);
    selfEvalFailures.push(...(outcome.selfEvalFailures ?? []));
    permissionDenials.push(...(outcome.permissionDenials ?? []));
    editFailures.push(...(outcome.editFailures ?? []));
    const found = settings.park && !ctx.force.aborted ? limitOf(outcome) : null;
    const timeLeft = task.timeoutMs - agentMs;
    const seen = { usage, ...(selfEvalFailures.length > 0 ? { selfEvalFailures } : {}), ...(permissionDenials.length > 0 ? { permissionDenials } : {}), ...(editFailures.length > 0 ? { editFailures } : {}) };
    if (found === null || timeLeft <= 0) return { ...outcome, ...seen };
    // The limit's text comes from the CLI or the API: redacted before it is stored or shown.
    const limit = { ...found, detail: redactSecrets(found.detail) };
    // No reset named, or one already past while the limit still holds: a bounded backoff.
    const now = Date.now();
    const until = limit.resetAt !== null && limit.resetAt > now ? limit.resetAt : now + backoffMs(waits, settings.backoffMs, settings.maxBackoffMs);
    const ended = parkVerdict({ parks: waits, waitedMs, nextWaitMs: until - now, kind: limit.kind, detail: limit.detail }, settings);
    if (ended !== null) {
      log.warn({ limit, waits, waitedMs }, 'limit outlasted agent.limits; the attempt fails');
      return { ...outcome, ...seen, status: 'failed', error: ended };
    }
    log.warn({ limit, until: new Date(until).toISOString() }, 'agent stopped at a limit; the attempt waits for the reset');
    ctx.store.transaction(() => {
      // What the limited run used is recorded now: a crash during the wait keeps it.
      movePhase(ctx.store, attempt.id, 'waiting', { usage, error: `waiting: ${limit.detail}` });
      recordWait(ctx, attempt.id, limit, until, waits);
    });
    out.report(`  ${attempt.id} waits: ${describeWait({ backend: ctx.backend.name, kind: limit.kind, until, detail: limit.detail }, Date.now())}`);
    const waitStarted = Date.now();
    const lifted = await waitForBackend(ctx);
    waitedMs += Date.now() - waitStarted;
    if (!lifted) {
      log.info('wait for the limit ended by Ctrl-C; the attempt is interrupted');
      recordSelfEvalFailures(ctx, attempt.id, selfEvalFailures.map(redactSecrets));
      return null;
    }
    out.report(`  ${attempt.id} continues after the ${limit.kind.replace('-', ' ')}${resumable && outcome.session !== undefined ? ', resuming its session' : ''}`);
    ctx.store.transaction(() => {
      movePhase(ctx.store, attempt.id, 'agent', { error: null });
      ctx.store.addEvent(ctx.runId, RESUMED_EVENT, { backend: ctx.backend.name, waitedMs: Date.now() - waitStarted, resumesSession: resumable && outcome.session !== undefined }, attempt.id);
    });
    current = continuationOf(task, outcome, timeLeft, resumable);
  }
};
