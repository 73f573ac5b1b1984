import { z } from 'zod';
import { EVALUATOR_RUNNER_REGISTRY, EVALUATOR_RUNNERS } from '../eval/runners/registry.js';
import { SwarmError } from '../core/domain/errors.js';
import { int, positiveDurationSchema } from './schema-primitives.js';

type Registry = typeof EVALUATOR_RUNNER_REGISTRY;
type Sections = NonNullable<Registry[keyof Registry]['settings']>;

/** `evaluator.<key>` of every runner with settings of its own, as the registry's descriptors declare them. */
export type RunnerSectionsShape = { [S in Sections as S['key']]: z.ZodPrefault<ReturnType<S['schema']>> };

/**
 * The runners' own sections of `evaluator` (evaluator.slurm, …), in registry order, each built from
 * the `settings` of its descriptor and defaulted as a whole. A key the evaluator config already has
 * (`shared`) or another runner declared is a bug of that runner.
 */
export const evaluatorRunnerSections = (shared: readonly string[]): RunnerSectionsShape => {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, { settings }] of Object.entries(EVALUATOR_RUNNERS)) {
    if (settings === null) continue;
    if (shared.includes(settings.key) || settings.key in shape) {
      throw new SwarmError('INTERNAL', `evaluator runner ${name} declares evaluator.${settings.key}, a key the evaluator config already has; rename its settings key in src/eval/runners/${name}/settings.ts`);
    }
    shape[settings.key] = settings.schema({ z, int, duration: positiveDurationSchema }).prefault({}).describe(settings.description);
  }
  // The entries are those of the mapped type, built one by one from the same registry.
  return shape as RunnerSectionsShape;
};
