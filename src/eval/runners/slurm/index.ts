import { SwarmError } from '../../../core/domain/errors.js';
import type { EvaluatorRunnerDescriptor } from '../runner-descriptor.js';

/** Variables a batch job needs from the submitting shell: it gets nothing else of the driver's environment. */
const JOB_BASE_ENV = ['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'PYTHONPATH', 'VIRTUAL_ENV', 'CONDA_PREFIX'];

/** `slurm`: one batch job per evaluation (sbatch, polled, scancel on timeout and Ctrl-C). */
export const slurmRunner: EvaluatorRunnerDescriptor = {
  doc: 'one Slurm batch job per evaluation (evaluator.slurm): sbatch, polled, scancel on timeout and Ctrl-C',
  create: async (evaluator, context) => {
    if (evaluator.sandbox !== 'none') {
      throw new SwarmError('CONFIG_INVALID', 'evaluator.sandbox "bwrap" works with the local and command runners, not with "slurm" (jobs run on other machines); set evaluator.sandbox to "none" or use the cluster\'s own isolation');
    }
    const { SlurmEvaluatorRunner } = await import('./slurm-runner.js');
    return new SlurmEvaluatorRunner({
      settings: evaluator.slurm,
      tailBytes: evaluator.tailBytes,
      ...(context.project === undefined ? {} : { project: context.project }),
      baseEnv: Object.fromEntries(JOB_BASE_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]]))),
    });
  },
};
