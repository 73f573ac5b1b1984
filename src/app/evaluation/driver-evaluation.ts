import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { selfEvaluationRefusal } from '../../core/budget/budget.js';
import { checkoutHead } from '../../workspace/checkout-top-level.js';
import { commitOfWorktree } from '../../workspace/worktree-commit.js';
import { evaluateLeavingNoTrace } from './eval-protection.js';
import { attemptEvaluationInput, type EvaluationDeps } from './evaluate-checkout.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { evalResultOf, recordIntermediate } from './eval-result.js';
import { CLIENT_GONE } from './handoff/handoff-protocol.js';
import { EvalHandoffServer, type HandoffAttempt, type HandoffResult } from './handoff/handoff-server.js';
import type { HandoffRequest } from './handoff/handoff-protocol.js';

/** What answering agents' `swarm eval` needs: an evaluation's deps, the logger, and the full-disk stop. */
export type HandoffDeps = EvaluationDeps & Pick<RunDeps, 'logger'> & Pick<RunState, 'halt'>;

/** The event of a `swarm eval` that gave the agent no score (also counted from agent transcripts). */
export const SELF_EVAL_FAILED_EVENT = 'attempt.self-eval-failed';

/** The event of a swarm-owned path of a worktree that the driver found replaced (a symlink) and left alone. */
export const REFUSED_PATH_EVENT = 'attempt.refused-path';

/**
 * The driver's side of `swarm eval` for a run: an attempt's request is answered by evaluating that
 * attempt's worktree with the run's own evaluator, runner, seed and environment (exactly what the
 * official evaluation uses), recorded as an intermediate evaluation. Not on the evaluation queue:
 * the agent waits for it, as it waited for its own `swarm eval` before. Once the run's evaluator
 * runs reach `budget.evaluations`, requests are refused with a message saying so.
 */
export const startEvalHandoff = (ctx: HandoffDeps): EvalHandoffServer => {
  let count = 0;
  // A full disk met while answering stops the run (ctx.halt); the agent's request fails all the same.
  const haltOn = (error: unknown): never => {
    ctx.halt?.(error);
    throw error;
  };
  return new EvalHandoffServer({
    refuse: (attempt) => selfEvaluationRefusal({ maxEvaluations: ctx.config.budget.evaluations }, ctx.store.countEvaluations(ctx.runId)) ?? attemptCapRefusal(ctx, attempt.attemptId),
    evaluate: (attempt, request, signal) => evaluateRequest(attempt, request, signal).catch(haltOn),
    onRefusedPath: (attempt, problem) => {
      ctx.logger.warn({ attempt: attempt.attemptId, problem }, 'swarm-owned path replaced in the worktree; left alone');
      recordOrHalt(ctx, () => ctx.store.addEvent(ctx.runId, REFUSED_PATH_EVENT, { problem }, attempt.attemptId));
    },
    onFailure: (attempt, reason) => {
      ctx.logger.warn({ attempt: attempt.attemptId, reason }, 'agent evaluation request failed');
      recordOrHalt(ctx, () => ctx.store.addEvent(ctx.runId, SELF_EVAL_FAILED_EVENT, { reason, source: 'driver' }, attempt.attemptId));
    },
  });

  async function evaluateRequest(attempt: HandoffAttempt, request: HandoffRequest, signal: AbortSignal): Promise<HandoffResult> {
    const record = ctx.store.requireAttempt(attempt.attemptId);
    count += 1;
    const logDir = join(record.logDir, `eval-${Date.now()}-${count}`);
    await mkdir(logDir, { recursive: true });
    const seed = request.seed ?? ctx.config.shepherd.seed;
    const input = await attemptEvaluationInput(ctx, { id: record.id, logDir }, attempt.worktree, 'intermediate', seed);
    const stop = AbortSignal.any([signal, ctx.force]);
    // The commit of what is scored (the agent's uncommitted work), not the attempt's base commit:
    // taken before the evaluation, since once the asking `swarm eval` is gone the agent may edit again.
    const scored = await commitOfWorktree(attempt.worktree, `swarm: the checkout ${record.id}'s intermediate evaluation scored`, (error) => {
      ctx.logger.warn({ attempt: record.id, error: String(error) }, 'cannot record the commit the intermediate evaluation scores; its base commit is recorded');
    });
    const head = scored ?? (await checkoutHead(attempt.worktree).catch(() => null));
    // The agent works in this worktree: what the evaluation writes must not reach its next commit.
    // Once the asking `swarm eval` is gone (killed by its tool's timeout) the agent may be editing again: no revert.
    const evaluation = await evaluateLeavingNoTrace({ ...input, signal: stop }, { revert: () => signal.reason !== CLIENT_GONE });
    // An evaluation cut short by the agent's end or a forced stop measured nothing: not recorded.
    const recorded = !stop.aborted && recordIntermediate(ctx.store, { attemptId: record.id, checkout: attempt.worktree, head, evaluatedBy: 'driver' }, evaluation.results);
    ctx.logger.info({ attempt: record.id, score: evaluation.final.score, valid: evaluation.final.valid }, 'agent evaluation handed off to the driver');
    return evalResultOf({
      attempt: record.id,
      checkout: attempt.worktree,
      metric: ctx.config.objective.metric,
      direction: ctx.config.objective.direction,
      seed,
      evaluation,
      recorded,
      evaluatedBy: 'driver',
    });
  }
};

/** Why one attempt's agent may not run `swarm eval` again (budget.selfEvaluations spent), else null. */
const attemptCapRefusal = (ctx: Pick<RunDeps, 'config' | 'store'>, attemptId: string): string | null => {
  const max = ctx.config.budget.selfEvaluations;
  if (max <= 0) return null;
  const used = ctx.store.listEvaluations(attemptId).filter((e) => e.kind === 'intermediate').length;
  return used < max
    ? null
    : `this attempt has used its ${max} \`swarm eval\` runs (budget.selfEvaluations): no more intermediate evaluations; commit your best version now, the swarm evaluates it officially`;
};

/** A store write of the hand-off; failing on a full disk stops the run instead of failing the request twice. */
const recordOrHalt = (ctx: Pick<RunState, 'halt'>, write: () => void): void => {
  try {
    write();
  } catch (error) {
    if (ctx.halt?.(error) !== true) throw error;
  }
};

/** Records the failed `swarm eval` calls a backend saw in its agent's transcript, one event each. */
export const recordSelfEvalFailures = (ctx: Pick<RunDeps, 'runId' | 'store'>, attemptId: string, reasons: readonly string[] | undefined): void => {
  if (reasons === undefined || reasons.length === 0) return;
  ctx.store.transaction(() => {
    for (const reason of reasons) ctx.store.addEvent(ctx.runId, SELF_EVAL_FAILED_EVENT, { reason, source: 'transcript' }, attemptId);
  });
};
