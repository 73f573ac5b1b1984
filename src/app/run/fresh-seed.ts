import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { SwarmStore } from '../../store/swarm-store.js';

const storedSeed = z.object({ shepherd: z.object({ seed: z.number().int() }) });

/** The Shepherd seeds the earlier runs of this repository used, from their stored configs. */
export const earlierSeeds = (dbFile: string): Map<number, string> => {
  const seeds = new Map<number, string>();
  if (!existsSync(dbFile)) return seeds;
  const store = SwarmStore.open(dbFile);
  try {
    for (const run of store.listRuns()) {
      try {
        const parsed = storedSeed.safeParse(JSON.parse(run.configJson));
        if (parsed.success) seeds.set(parsed.data.shepherd.seed, run.id);
      } catch {
        // A config column that does not parse names no seed.
      }
    }
  } finally {
    store.close();
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
