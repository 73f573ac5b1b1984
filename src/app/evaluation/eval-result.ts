import type { z } from 'zod';
import type { Direction } from '../../core/domain/score.js';
import type { RunStore } from '../../core/ports/run-store.js';
import type { CheckoutEvaluation } from './evaluate-checkout.js';
import { boundText, type evalResultSchema } from './handoff/handoff-protocol.js';
import { sameRealPath } from './handoff/same-real-path.js';

/** The event of an intermediate evaluation recorded for an attempt. */
export const SELF_EVALUATED_EVENT = 'attempt.self-evaluated';

/** What `swarm eval` prints (`--json`), whoever ran the evaluation. */
export type EvalHereResult = z.infer<typeof evalResultSchema>;

/** The printed result of one evaluation, bounded to the hand-off protocol's sizes. */
export const evalResultOf = (p: {
  attempt: string | null;
  checkout: string;
  metric: string;
  direction: Direction;
  seed: number;
  evaluation: CheckoutEvaluation;
  recorded: boolean;
  evaluatedBy: EvalHereResult['evaluatedBy'];
}): EvalHereResult => {
  const final = p.evaluation.final;
  return {
    attempt: p.attempt,
    checkout: p.checkout,
    valid: final.valid,
    score: final.valid ? final.score : null,
    metric: p.metric,
    direction: p.direction,
    seed: p.seed,
    // JSON has no NaN or Infinity: such a metric would not survive the hand-off.
    metrics: Object.fromEntries(Object.entries(final.metrics).filter(([, value]) => Number.isFinite(value))),
    reason: boundText(final.reason),
    feedback: boundText(final.feedback),
    stages: p.evaluation.results.slice(0, 64).map((r) => ({ stage: r.stage, valid: r.outcome.valid, score: r.outcome.score, durationMs: r.outcome.durationMs })),
    recorded: p.recorded,
    evaluatedBy: p.evaluatedBy,
  };
};

/**
 * Records an evaluation against the attempt as intermediate, only while the attempt is running
 * in exactly this checkout (a stray SWARM_ATTEMPT_ID elsewhere records nothing).
 */
export const recordIntermediate = (
  store: RunStore,
  where: { attemptId: string; checkout: string; head: string | null; evaluatedBy: EvalHereResult['evaluatedBy'] },
  results: CheckoutEvaluation['results'],
): boolean => {
  const attempt = store.getAttempt(where.attemptId);
  if (!attempt || attempt.status !== 'running' || attempt.worktree === null || !sameRealPath(attempt.worktree, where.checkout)) return false;
  store.transaction(() => {
    for (const r of results) store.addEvaluation(where.attemptId, 'intermediate', { ...r.outcome, stage: r.stage, seed: r.seed, commit: where.head });
    store.addEvent(attempt.runId, SELF_EVALUATED_EVENT, { score: results.at(-1)?.outcome.score ?? null, by: where.evaluatedBy }, where.attemptId);
  });
  return true;
};
