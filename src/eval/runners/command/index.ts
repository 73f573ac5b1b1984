import { SwarmError } from '../../../core/domain/errors.js';
import { localRunner } from '../local/index.js';
import type { EvaluatorRunnerDescriptor } from '../runner-descriptor.js';

/** `command`: evaluator.wrap around the evaluator command (srun, kubectl, modal …), run like a local evaluation. */
export const commandRunner: EvaluatorRunnerDescriptor<null> = {
  doc: 'evaluator.wrap around the evaluator command (srun, kubectl, modal …), with the local timeout and tree kill',
  settings: null,
  jobLabel: 'job',
  leftovers: null,
  checkStorage: null,
  create: async (evaluator, context) => {
    const local = await localRunner.create(evaluator, context);
    if (evaluator.wrap.length === 0) throw new SwarmError('CONFIG_INVALID', 'evaluator.runner is "command" but evaluator.wrap is empty; set it, e.g. ["srun", "--gpus=1", "{command}"]');
    const { CommandEvaluatorRunner } = await import('../../command-runner.js');
    return new CommandEvaluatorRunner(evaluator.wrap, local);
  },
};
