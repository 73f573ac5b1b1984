import type { EvaluatorConfig } from '../../config/index.js';
import type { EvaluatorRunner } from '../../core/ports/evaluator-runner.js';

/** What the caller adds to the config: the directory GPU locks live in (shared by every swarm process of a repository). */
export interface RunnerContext {
  /** The project (its root, where .swarm/ lives) that cluster jobs are tagged with, so a later driver finds its leftovers. */
  project?: string;
  gpuLockDir?: string;
  /** Bytes of each raw output stream kept in its log file (head and tail); 0 = all. */
  maxLogBytes?: number;
  /** Paths outside the checkout shared into it by workspace.link: read-only mounts of the sandbox. */
  shared?: string[];
}

/**
 * One evaluator runner (`evaluator.runner`), as `eval/runners/registry.ts` names it. `create`
 * loads the implementation when called; an unusable setting is a SwarmError CONFIG_INVALID.
 */
export interface EvaluatorRunnerDescriptor {
  /** One line for the docs: where evaluations run. */
  doc: string;
  create: (evaluator: EvaluatorConfig, context: RunnerContext) => Promise<EvaluatorRunner>;
}
