import { SwarmError } from '../../../core/domain/errors.js';
import type { EvaluatorRunnerDescriptor } from '../runner-descriptor.js';
import { slurmSettings } from './settings.js';

/** Variables a batch job needs from the submitting shell: it gets nothing else of the driver's environment. */
const JOB_BASE_ENV = ['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'PYTHONPATH', 'VIRTUAL_ENV', 'CONDA_PREFIX'];

/** `slurm`: one batch job per evaluation (sbatch, polled, scancel on timeout and Ctrl-C). */
export const slurmRunner: EvaluatorRunnerDescriptor<typeof slurmSettings> = {
  doc: 'one Slurm batch job per evaluation (evaluator.slurm): sbatch, polled, scancel on timeout and Ctrl-C',
  settings: slurmSettings,
  jobLabel: 'slurm job',
  leftovers: {
    jobs: 'Slurm job',
    lookByHand: '`squeue --me` for jobs named swarm-<run>-…',
    reap: async (scope) => (await import('../../../slurm/leftover-jobs.js')).cancelLeftoverJobs(scope),
  },
  checkStorage: async (dir, evaluator) => (await import('../../../slurm/probe-node-path.js')).probeNodePath(dir, evaluator.slurm),
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
