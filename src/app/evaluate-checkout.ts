import type { EvalOutcome, EvaluatorRunner } from '../core/ports.js';
import type { Direction } from '../core/score.js';
import { evaluationStages, type StageConfig } from '../config/index.js';
import { runCascade } from '../eval/run-cascade.js';
import type { RunContext } from './run-context.js';

export interface StageResult {
  stage: string;
  seed: number;
  kind: 'official' | 'confirm' | 'intermediate' | 'baseline';
  outcome: EvalOutcome;
}

export interface CheckoutEvaluation {
  /** The outcome that decides the attempt (a cascade's final stage, with confirmations folded in). */
  final: EvalOutcome;
  /** Every stage run, in order, for the record. */
  results: StageResult[];
}

export interface EvaluateCheckoutInput {
  runner: EvaluatorRunner;
  stages: StageConfig[];
  cwd: string;
  logDir: string;
  metric: string;
  direction: Direction;
  seed: number;
  env: Record<string, string>;
  kind: StageResult['kind'];
  signal: AbortSignal;
}

/** Runs the evaluation cascade on a checkout. Never throws for a failing program. */
export const evaluateCheckout = async (input: EvaluateCheckoutInput): Promise<CheckoutEvaluation> => {
  const cascade = await runCascade(
    input.runner,
    input.stages,
    { cwd: input.cwd, seed: input.seed, env: input.env, logDir: input.logDir, metric: input.metric },
    input.direction,
    input.signal,
  );
  return {
    final: cascade.final,
    results: cascade.stages.map((s) => ({ stage: s.stage, seed: input.seed, kind: input.kind, outcome: s.outcome })),
  };
};

/**
 * Re-evaluates a would-be new best with other seeds before it is crowned. The crowned score is
 * the mean over all seeds; any invalid confirmation makes the attempt invalid, with its reason.
 */
export const confirmBest = async (input: EvaluateCheckoutInput, first: EvalOutcome, times: number): Promise<CheckoutEvaluation> => {
  const results: StageResult[] = [];
  const scores = [first.score ?? 0];
  for (let i = 1; i <= times; i++) {
    const seed = input.seed + i;
    const run = await evaluateCheckout({ ...input, seed, kind: 'confirm' });
    results.push(...run.results);
    if (!run.final.valid || run.final.score === null) {
      return { final: { ...run.final, valid: false, score: null, reason: `confirmation with seed ${seed} failed: ${run.final.reason ?? 'no score'}` }, results };
    }
    scores.push(run.final.score);
  }
  const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
  return { final: { ...first, score: mean, metrics: { ...first.metrics, [input.metric]: mean } }, results };
};

/** The evaluation input of one attempt of a run: its stages, checkout, objective and SWARM_* env. */
export const attemptEvaluationInput = (
  ctx: RunContext,
  attempt: { id: string; logDir: string },
  cwd: string,
  kind: StageResult['kind'],
  seed: number,
): EvaluateCheckoutInput => ({
  runner: ctx.runner,
  stages: evaluationStages(ctx.config.evaluator),
  cwd,
  logDir: attempt.logDir,
  metric: ctx.config.objective.metric,
  direction: ctx.config.objective.direction,
  seed,
  env: { ...ctx.config.evaluator.env, SWARM_RUN_ID: ctx.runId, SWARM_ATTEMPT_ID: attempt.id },
  kind,
  signal: ctx.force,
});
