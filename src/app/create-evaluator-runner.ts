import type { EvaluatorConfig } from '../config/index.js';
import { prepareBwrap } from '../eval/bwrap-sandbox.js';
import { LocalEvaluatorRunner } from '../eval/local-evaluator-runner.js';

/**
 * The evaluator runner of `swarm run` and `swarm eval`, so both score the same way. Under
 * `evaluator.sandbox: "bwrap"` bubblewrap is checked here, once, and a host that cannot sandbox
 * is a configuration error before anything runs.
 */
export const createEvaluatorRunner = async (evaluator: EvaluatorConfig, options: { gpuLockDir?: string } = {}): Promise<LocalEvaluatorRunner> => {
  const sandbox = evaluator.sandbox === 'bwrap'
    ? { host: await prepareBwrap(), network: evaluator.network, protect: evaluator.protect }
    : null;
  return new LocalEvaluatorRunner({ tailBytes: evaluator.tailBytes, gpus: evaluator.gpus, sandbox, ...options });
};
