import { SwarmError } from '../core/domain/errors.js';
import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../core/ports/index.js';
import { formatScore, type Direction } from '../core/domain/score.js';

/** One stage of an evaluation cascade: cheap checks first, the full evaluation last. */
export interface CascadeStage {
  name: string;
  command: string;
  timeoutMs: number;
  /** The stage's score must reach it (>= maximizing, <= minimizing) to go on; null = always go on. */
  threshold: number | null;
  /** "score": the stage's own score; "combined-or-mean": OpenEvolve's rule over the metrics of every stage so far. */
  thresholdOn?: 'score' | 'combined-or-mean';
}

export interface CascadeOutcome {
  stages: Array<{ stage: string; outcome: EvalOutcome }>;
  /**
   * The outcome that counts: the last stage run, with metrics merged from all stages run (later
   * stages win) and durationMs summed over them.
   */
  final: EvalOutcome;
  /** The stage that stopped the cascade (invalid, or valid but short of its threshold); null after a full pass. */
  stoppedAt: string | null;
  /** Why the cascade stopped early, in words; null after a full pass. */
  stopReason: string | null;
}

/**
 * Runs the stages in order. An invalid stage stops the cascade and is the final outcome. A valid
 * stage that misses its threshold also stops it; its outcome stays valid with its score (it is a
 * real measurement), and `stoppedAt` / `stopReason` say the later stages were skipped.
 */
export const runCascade = async (
  runner: EvaluatorRunner,
  stages: readonly CascadeStage[],
  base: Omit<EvalJob, 'command' | 'stage' | 'timeoutMs'>,
  direction: Direction,
  signal: AbortSignal,
): Promise<CascadeOutcome> => {
  if (stages.length === 0) {
    throw new SwarmError('CONFIG_INVALID', 'evaluation cascade has no stages; set evaluator.command or list evaluator.cascade stages');
  }
  const ran: CascadeOutcome['stages'] = [];
  for (const stage of stages) {
    const outcome = await runner.run({ ...base, command: stage.command, stage: stage.name, timeoutMs: stage.timeoutMs }, signal);
    ran.push({ stage: stage.name, outcome });
    const stopReason = outcome.valid ? stageStopReason(stage, ran, direction) : `stage ${stage.name} is invalid: ${outcome.reason ?? 'no reason given'}`;
    if (stopReason !== null) return { stages: ran, final: fold(ran), stoppedAt: stage.name, stopReason };
  }
  return { stages: ran, final: fold(ran), stoppedAt: null, stopReason: null };
};

const stageStopReason = (stage: CascadeStage, ran: CascadeOutcome['stages'], direction: Direction): string | null => {
  if (stage.thresholdOn !== 'combined-or-mean') return missedThreshold(stage, ran.at(-1)?.outcome.score ?? null, direction);
  const value = openEvolveThresholdValue(fold(ran).metrics);
  // OpenEvolve treats a stage with no numeric metric as failing its threshold.
  if (stage.threshold !== null && value === null) return `stopped after stage ${stage.name}: no numeric metric to compare with threshold ${formatScore(stage.threshold)}`;
  return missedThreshold(stage, value, 'maximize');
};

/**
 * OpenEvolve's threshold value: `combined_score` when reported, else the mean of every metric
 * except `error`; null when there is none.
 */
export const openEvolveThresholdValue = (metrics: Record<string, number>): number | null => {
  const combined = metrics.combined_score;
  if (combined !== undefined) return combined;
  const values = Object.entries(metrics).filter(([name]) => name !== 'error').map(([, value]) => value);
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
};

/** The stop reason when a valid score misses the stage's threshold, else null. */
export const missedThreshold = (
  stage: Pick<CascadeStage, 'name' | 'threshold'>,
  score: number | null,
  direction: Direction,
): string | null => {
  if (stage.threshold === null || score === null) return null;
  const missed = direction === 'maximize' ? score < stage.threshold : score > stage.threshold;
  if (!missed) return null;
  const op = direction === 'maximize' ? '<' : '>';
  return `stopped after stage ${stage.name}: score ${formatScore(score)} ${op} threshold ${formatScore(stage.threshold)}`;
};

const fold = (ran: CascadeOutcome['stages']): EvalOutcome => {
  const last = ran[ran.length - 1];
  if (last === undefined) throw new SwarmError('INTERNAL', 'cascade folded with no stage run; this is a bug in runCascade');
  const metrics: Record<string, number> = {};
  for (const r of ran) Object.assign(metrics, r.outcome.metrics);
  const durationMs = ran.reduce((sum, r) => sum + r.outcome.durationMs, 0);
  return { ...last.outcome, metrics, durationMs };
};
