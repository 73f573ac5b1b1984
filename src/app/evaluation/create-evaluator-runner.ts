import type { EvaluatorConfig, SwarmConfig } from '../../config-assembly/index.js';
import type { EvaluatorRunner } from '../../core/ports/index.js';
import { boundedAcrossProcesses } from '../../eval/eval-slots.js';
import { EVALUATOR_RUNNER_REGISTRY } from '../../eval/runners/registry.js';

/**
 * The evaluator runner of `swarm run` and `swarm eval` (evaluator.runner, by its registry entry),
 * so both score the same way. Under `evaluator.sandbox: "bwrap"` bubblewrap is checked here, once, and a host that cannot
 * sandbox is a configuration error before anything runs. With `evalSlots` (concurrency.evaluations
 * and a directory under .swarm/) every swarm process of the repository shares that bound.
 */
export const createEvaluatorRunner = async (
  config: { evaluator: EvaluatorConfig; log: Pick<SwarmConfig['log'], 'maxEvaluatorLogBytes'> },
  options: { project?: string; gpuLockDir?: string; evalSlots?: { dir: string; count: number }; shared?: string[] } = {},
): Promise<EvaluatorRunner> => {
  const { evaluator } = config;
  const context = { maxLogBytes: config.log.maxEvaluatorLogBytes, ...(options.gpuLockDir === undefined ? {} : { gpuLockDir: options.gpuLockDir }), ...(options.project === undefined ? {} : { project: options.project }), shared: options.shared ?? [] };
  const runner = await EVALUATOR_RUNNER_REGISTRY[evaluator.runner].create(evaluator, context);
  return options.evalSlots === undefined ? runner : boundedAcrossProcesses(runner, options.evalSlots);
};
