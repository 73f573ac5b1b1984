import { commandRunner } from './command/index.js';
import { localRunner } from './local/index.js';
import type { EvaluatorRunnerDescriptor } from './runner-descriptor.js';
import { slurmRunner } from './slurm/index.js';

/**
 * Every evaluator runner by its config name (`evaluator.runner`): the one list the config schema
 * and the runner factory read. Adding a runner is its folder (an `index.ts` exporting its descriptor) and one line in this map.
 */
export const EVALUATOR_RUNNER_REGISTRY = {
  local: localRunner,
  slurm: slurmRunner,
  command: commandRunner,
} as const;

/** Every entry is a descriptor (checked here rather than by `satisfies`, which would make the config's inferred type, built from this registry, circular). */
export const EVALUATOR_RUNNERS: Readonly<Record<string, EvaluatorRunnerDescriptor>> = EVALUATOR_RUNNER_REGISTRY;

export type EvaluatorRunnerName = keyof typeof EVALUATOR_RUNNER_REGISTRY;

/** The names in registry order (the first is the default), as zod's enum wants them. */
export const EVALUATOR_RUNNER_NAMES = Object.keys(EVALUATOR_RUNNER_REGISTRY) as [EvaluatorRunnerName, ...EvaluatorRunnerName[]];

/** The descriptor of a runner named by outside data (a stored run's config); null when no runner has that name. */
export const findEvaluatorRunner = (name: string): EvaluatorRunnerDescriptor | null =>
  (Object.hasOwn(EVALUATOR_RUNNERS, name) ? EVALUATOR_RUNNERS[name] ?? null : null);
