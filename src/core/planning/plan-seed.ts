import { deriveSeed } from '../domain/random.js';

/**
 * Counter steps between waves: a prime above the plans one generation ever makes, so the draws of
 * wave `w` (async scheduling plans one attempt per draw) never reach the counters of wave `w + 1`.
 */
export const WAVE_STRIDE = 1009;

/**
 * Which random stream a plan draws from:
 * - `policy`: every policy's own choices (greedy, swarm, evolve, rsi, and the llm policy's checks);
 * - `rules`: the rules policy planning a wave itself;
 * - `llm-fallback`: the rules policy planning in place of a rejected LLM plan.
 */
export type SeedStream = 'policy' | 'rules' | 'llm-fallback';

/** Where in a run a plan is made: its wave (or generation) and the plans already made in it. */
export interface PlanPoint {
  wave: number;
  /** Plans already made in this wave/generation (async scheduling); 0 or absent for the first. */
  draw?: number;
}

/**
 * The seed of the Rng a Shepherd plans with, from the run's `shepherd.seed`: the same run seed,
 * wave, draw and stream always give the same seed, so a seeded run plans the same attempts.
 *
 * The counter is `wave * WAVE_STRIDE + draw`, with two historical exceptions kept so that seeded
 * runs (and the committed policy benchmark) reproduce: the rules policy's first plan of a wave
 * counts `wave` alone (it predates the stride), and the LLM fallback counts one further than the
 * llm policy's own stream.
 */
export const planSeed = (runSeed: number, point: PlanPoint, stream: SeedStream): number => {
  const draw = point.draw ?? 0;
  if (stream === 'rules' && draw === 0) return deriveSeed(runSeed, point.wave);
  return deriveSeed(runSeed, point.wave * WAVE_STRIDE + draw + (stream === 'llm-fallback' ? 1 : 0));
};
