import type { EvaluatorConfig } from '../../config/index.js';
import { SwarmError } from '../../core/errors.js';
import type { EvaluatorRunner } from '../../core/ports.js';
import { prepareBwrap } from '../../eval/bwrap-sandbox.js';
import { CommandEvaluatorRunner } from '../../eval/command-runner.js';
import { boundedAcrossProcesses } from '../../eval/eval-slots.js';
import { LocalEvaluatorRunner } from '../../eval/local-evaluator-runner.js';
import { SlurmEvaluatorRunner } from '../../eval/slurm/slurm-runner.js';

/** Variables a batch job needs from the submitting shell: it starts with `--export=NONE`. */
const JOB_BASE_ENV = ['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'PYTHONPATH', 'VIRTUAL_ENV', 'CONDA_PREFIX'];

/**
 * The evaluator runner of `swarm run` and `swarm eval` (evaluator.runner), so both score the same
 * way. Under `evaluator.sandbox: "bwrap"` bubblewrap is checked here, once, and a host that cannot
 * sandbox is a configuration error before anything runs. With `evalSlots` (concurrency.evaluations
 * and a directory under .swarm/) every swarm process of the repository shares that bound.
 */
export const createEvaluatorRunner = async (
  evaluator: EvaluatorConfig,
  options: { gpuLockDir?: string; evalSlots?: { dir: string; count: number }; shared?: string[] } = {},
): Promise<EvaluatorRunner> => {
  const runner = await createRunner(evaluator, { ...(options.gpuLockDir === undefined ? {} : { gpuLockDir: options.gpuLockDir }), shared: options.shared ?? [] });
  return options.evalSlots === undefined ? runner : boundedAcrossProcesses(runner, options.evalSlots);
};

const createRunner = async (evaluator: EvaluatorConfig, { shared, ...options }: { gpuLockDir?: string; shared: string[] }): Promise<EvaluatorRunner> => {
  if (evaluator.runner === 'slurm') {
    if (evaluator.sandbox !== 'none') {
      throw new SwarmError('CONFIG_INVALID', 'evaluator.sandbox "bwrap" works with the local and command runners, not with "slurm" (jobs run on other machines); set evaluator.sandbox to "none" or use the cluster\'s own isolation');
    }
    return new SlurmEvaluatorRunner({
      settings: evaluator.slurm,
      tailBytes: evaluator.tailBytes,
      baseEnv: Object.fromEntries(JOB_BASE_ENV.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]]))),
    });
  }
  const sandbox = evaluator.sandbox === 'bwrap'
    ? { host: await prepareBwrap(), network: evaluator.network, protect: evaluator.protect, shared }
    : null;
  const local = new LocalEvaluatorRunner({ tailBytes: evaluator.tailBytes, gpus: evaluator.gpus, gpusPerEvaluation: evaluator.gpusPerEvaluation, sandbox, ...options });
  if (evaluator.runner === 'local') return local;
  if (evaluator.wrap.length === 0) throw new SwarmError('CONFIG_INVALID', 'evaluator.runner is "command" but evaluator.wrap is empty; set it, e.g. ["srun", "--gpus=1", "{command}"]');
  return new CommandEvaluatorRunner(evaluator.wrap, local);
};
