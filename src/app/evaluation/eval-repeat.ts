import { evalHere, type EvalHereResult } from './eval-here.js';

export interface RepeatedEvaluation {
  metric: string;
  runs: Array<{ seed: number; valid: boolean; score: number | null; reason: string | null }>;
  /** Over the valid runs with distinct seeds; null when none was valid. */
  mean: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
  /** The first seed evaluated twice: equal scores, or null when either run was invalid. */
  deterministic: boolean | null;
}

/**
 * `swarm eval --repeat N`: N evaluations with seeds s, s+1, … (the spread a new seed brings) and
 * one more with seed s (whether the evaluator is deterministic for a seed).
 */
export const evalRepeat = async (options: { cwd: string; configFile?: string; seed?: number; times: number; signal: AbortSignal }): Promise<RepeatedEvaluation> => {
  const results: EvalHereResult[] = [];
  const run = (seed: number | undefined): Promise<EvalHereResult> =>
    evalHere({ cwd: options.cwd, signal: options.signal, ...(options.configFile ? { configFile: options.configFile } : {}), ...(seed !== undefined ? { seed } : {}) });
  const once = await run(options.seed);
  results.push(once);
  for (let i = 1; i <= options.times && !options.signal.aborted; i++) results.push(await run(i < options.times ? once.seed + i : once.seed));
  const distinct = results.slice(0, options.times);
  const scores = distinct.flatMap((r) => (r.valid && r.score !== null ? [r.score] : []));
  const mean = scores.length === 0 ? null : scores.reduce((sum, s) => sum + s, 0) / scores.length;
  const sd = mean === null || scores.length < 2 ? null : Math.sqrt(scores.reduce((sum, s) => sum + (s - mean) ** 2, 0) / (scores.length - 1));
  const again = results[options.times];
  return {
    metric: once.metric,
    runs: results.map((r) => ({ seed: r.seed, valid: r.valid, score: r.score, reason: r.reason })),
    mean,
    sd,
    min: scores.length === 0 ? null : Math.min(...scores),
    max: scores.length === 0 ? null : Math.max(...scores),
    deterministic: once.valid && again?.valid ? once.score === again.score : null,
  };
};
