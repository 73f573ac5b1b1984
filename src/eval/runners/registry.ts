import { commandRunner } from './command/index.js';
import { localRunner } from './local/index.js';
import type { EvaluatorRunnerDescriptor } from './runner-descriptor.js';
import { slurmRunner } from './slurm/index.js';

/**
 * Every evaluator runner by its config name (`evaluator.runner`): the one list the config schema
 * and the runner factory read. Adding a runner is its module here and one line in this map.
 */
export const EVALUATOR_RUNNER_REGISTRY = {
  local: localRunner,
  slurm: slurmRunner,
  command: commandRunner,
} as const satisfies Record<string, EvaluatorRunnerDescriptor>;

export type EvaluatorRunnerName = keyof typeof EVALUATOR_RUNNER_REGISTRY;

/** The names in registry order (the first is the default), as zod's enum wants them. */
export const EVALUATOR_RUNNER_NAMES = Object.keys(EVALUATOR_RUNNER_REGISTRY) as [EvaluatorRunnerName, ...EvaluatorRunnerName[]];
