import type { EvaluatorRunnerDescriptor } from '../runner-descriptor.js';

/** `local`: process groups on this machine, GPU slots from evaluator.gpus, optionally under bubblewrap. */
export const localRunner: EvaluatorRunnerDescriptor<null> = {
  doc: 'process groups on this machine (GPU slots from evaluator.gpus, bubblewrap with evaluator.sandbox)',
  settings: null,
  jobLabel: 'job',
  leftovers: null,
  checkStorage: null,
  create: async (evaluator, { shared, ...context }) => {
    const { LocalEvaluatorRunner } = await import('../../local-evaluator-runner.js');
    const sandbox = evaluator.sandbox === 'bwrap'
      ? { host: await (await import('../../bwrap-sandbox.js')).prepareBwrap(), network: evaluator.network, protect: evaluator.protect, shared: shared ?? [] }
      : null;
    return new LocalEvaluatorRunner({ tailBytes: evaluator.tailBytes, gpus: evaluator.gpus, gpusPerEvaluation: evaluator.gpusPerEvaluation, sandbox, ...context });
  },
};
