import { deriveSeed } from '../../domain/random.js';
import type { AttemptSpec, AttemptView } from '../../domain/types.js';

/** Keeps these seeds apart from the counters the planners' own Rngs are derived with. */
const SHARED_SEED_STREAM = 0x5eed_0000;

/**
 * Gives the k-th search attempt of a run the same agent seed whatever the policy: seed k is
 * derived from the run seed and k alone. Two policies run with one seed then make their first
 * draws alike (an explorer of either on the baseline makes the same change), so a comparison on a
 * seed is paired rather than two unrelated random streams.
 */
export const withSharedSeeds = (specs: readonly AttemptSpec[], population: readonly AttemptView[], runSeed: number): AttemptSpec[] => {
  const planned = population.filter((a) => a.role !== 'baseline').length;
  return specs.map((spec, index) => ({ ...spec, seed: deriveSeed(runSeed, SHARED_SEED_STREAM + planned + index) }));
};
