import type { EvaluatorConfig } from '../config/index.js';
import { SwarmError } from '../core/errors.js';
import type { EvaluatorRunner } from '../core/ports.js';
import { CommandEvaluatorRunner } from './command-runner.js';
import { LocalEvaluatorRunner } from './local-evaluator-runner.js';
import { SlurmEvaluatorRunner } from './slurm/slurm-runner.js';

/** Variables a batch job needs from the submitting shell: it starts with `--export=NONE`. */
const JOB_BASE_ENV = ['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'PYTHONPATH', 'VIRTUAL_ENV', 'CONDA_PREFIX'];

/** The runner evaluator.runner names, with its settings. */
export const createEvaluatorRunner = (evaluator: EvaluatorConfig, options: { gpuLockDir?: string } = {}): EvaluatorRunner => {
  const local = (): LocalEvaluatorRunner => new LocalEvaluatorRunner({
    tailBytes: evaluator.tailBytes, gpus: evaluator.gpus, ...(options.gpuLockDir !== undefined ? { gpuLockDir: options.gpuLockDir } : {}),
  });
  switch (evaluator.runner) {
    case 'local':
      return local();
    case 'command':
      if (evaluator.wrap.length === 0) throw new SwarmError('CONFIG_INVALID', 'evaluator.runner is "command" but evaluator.wrap is empty; set it, e.g. ["srun", "--gpus=1", "{command}"]');
      return new CommandEvaluatorRunner(evaluator.wrap, local());
    case 'slurm':
      return new SlurmEvaluatorRunner({
        settings: evaluator.slurm,
        tailBytes: evaluator.tailBytes,
        baseEnv: Object.fromEntries(JOB_BASE_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]]))),
      });
  }
};
