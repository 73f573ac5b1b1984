import { z } from 'zod';
import { SwarmError } from '../core/domain/errors.js';
import type { ConfigPlugins } from './config-plugins.js';
import { int, positiveDurationSchema } from './schema-primitives.js';

/**
 * The runners' own sections of `evaluator` (evaluator.slurm, …), in registry order, each built from
 * the `settings` of its descriptor and defaulted as a whole. A key the evaluator config already has
 * (`shared`) or another runner declared is a bug of that runner.
 */
export const evaluatorRunnerSections = (runners: ConfigPlugins['runners'], shared: readonly string[]): Record<string, z.ZodType> => {
  const shape: Record<string, z.ZodType> = {};
  for (const { plugin, key, description, schema } of runners.sections) {
    if (shared.includes(key) || key in shape) {
      throw new SwarmError('INTERNAL', `evaluator runner ${plugin} declares evaluator.${key}, a key the evaluator config already has; rename its settings key in src/eval/runners/${plugin}/settings.ts`);
    }
    shape[key] = schema({ z, int, duration: positiveDurationSchema }).prefault({}).describe(description);
  }
  return shape;
};
