import { isBetter } from '../../core/domain/score.js';
import { beatsBeyond, crownMargin, noiseSpread, SCORE_STDERR, type NoiseSpread } from '../../core/evaluation/noise-margin.js';
import type { EvalOutcome } from '../../core/ports/index.js';
import { evaluationStages } from '../../config-assembly/index.js';
import type { RunDeps, RunState } from '../context/run-context.js';

type NoiseDeps = Pick<RunDeps, 'runId' | 'config' | 'store'> & Pick<RunState, 'incumbent'>;

/** Kinds of evaluation behind an attempt's recorded score. */
const SCORING_KINDS = new Set(['official', 'confirm', 'baseline']);

/** The valid scores (with their metrics) of an attempt's evaluations of the final stage: the evaluations behind its recorded score. */
const scoringEvaluations = (ctx: NoiseDeps, attemptId: string): Array<{ score: number; metrics: Record<string, number> }> => {
  const stage = evaluationStages(ctx.config.evaluator).at(-1)?.name;
  return ctx.store.listEvaluations(attemptId).flatMap((e) =>
    SCORING_KINDS.has(e.kind) && e.stage === stage && e.valid && e.score !== null ? [{ score: e.score, metrics: e.metrics }] : []);
};

// Per store and run, once the baseline is recorded: the spread never changes during a run.
const spreads = new WeakMap<NoiseDeps['store'], Map<string, NoiseSpread | null>>();

/**
 * The run's noise, from its baseline's evaluations (resumed runs read the same): the spread the
 * noise check measured or the evaluator reported; null when the evaluator looked deterministic,
 * the baseline is not recorded yet, or the user turned evaluator.noiseCheck off.
 */
export const runNoise = (ctx: NoiseDeps): NoiseSpread | null => {
  if (!ctx.config.evaluator.noiseCheck) return null;
  let byRun = spreads.get(ctx.store);
  if (byRun === undefined) {
    byRun = new Map();
    spreads.set(ctx.store, byRun);
  }
  const known = byRun.get(ctx.runId);
  if (known !== undefined) return known;
  const baseline = ctx.store.listAttemptRows(ctx.runId).find((a) => a.role === 'baseline' && a.status !== 'interrupted' && a.status !== 'running');
  if (baseline === undefined) return null;
  const spread = noiseSpread(scoringEvaluations(ctx, baseline.id));
  byRun.set(ctx.runId, spread);
  return spread;
};

/**
 * Whether a candidate's (confirmed) score beats the incumbent only within the noise margin: better,
 * but by no more than 2·√(σc²/n + σi²/m) (core/evaluation/noise-margin.ts). False when there is no
 * noise, no incumbent, or the candidate is invalid or not better at all.
 */
export const withinNoise = (ctx: NoiseDeps, noise: NoiseSpread | null, final: EvalOutcome, samples: number): { margin: number } | null => {
  const incumbent = ctx.incumbent;
  if (noise === null || incumbent === null || !final.valid || final.score === null) return null;
  if (!isBetter(final.score, incumbent.score, ctx.config.objective.direction)) return null;
  const theirs = scoringEvaluations(ctx, incumbent.id);
  const sdOf = (metrics: Record<string, number> | undefined): number => {
    const reported = metrics?.[SCORE_STDERR];
    return reported !== undefined && Number.isFinite(reported) && reported > 0 ? reported : noise.sd;
  };
  const margin = crownMargin({ sd: sdOf(final.metrics), samples }, { sd: sdOf(theirs[0]?.metrics), samples: Math.max(1, theirs.length) });
  return beatsBeyond(final.score, incumbent.score, margin, ctx.config.objective.direction) ? null : { margin };
};
