import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { LoadedConfig } from '../../config-assembly/index.js';
import type { RunQueries } from '../../core/ports/index.js';

const storedSeed = z.object({ shepherd: z.object({ seed: z.number().int() }) });

/** The Shepherd seeds the earlier runs of this repository used, from their stored configs (none without a store). */
export const earlierSeeds = (store: RunQueries | null): Map<number, string> => {
  const seeds = new Map<number, string>();
  for (const run of store?.listRuns() ?? []) {
    try {
      const parsed = storedSeed.safeParse(JSON.parse(run.configJson));
      if (parsed.success) seeds.set(parsed.data.shepherd.seed, run.id);
    } catch {
      // A config column that does not parse names no seed.
    }
  }
  return seeds;
};

/**
 * A seed for a new run that would otherwise replay an earlier run (the config's seed, no --seed):
 * a fresh one no earlier run used, or null when the config's seed is new here.
 */
export const freshSeed = (configSeed: number, earlier: Map<number, string>): number | null => {
  if (!earlier.has(configSeed)) return null;
  for (;;) {
    const seed = randomInt(1, 2 ** 31 - 1);
    if (!earlier.has(seed)) return seed;
  }
};

/** The loaded config with the Shepherd seed `--seed <seed>` would give (the one override a fresh seed adds): no second load. */
export const withSeed = (loaded: LoadedConfig, seed: number): LoadedConfig => ({
  ...loaded,
  config: { ...loaded.config, shepherd: { ...loaded.config.shepherd, seed } },
});
