// The tasks of the policy benchmark: where each lives, the evaluation budget its arms get, the
// score that means the better region was reached, and what the run's config changes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `success`: a score at or past it is the task's better basin (null: no known optimum region).
 * `config`: merged into the task's .swarmrc.json (the variant with the evaluator's family label
 * is the only one that sets shepherd.niche).
 */
export const benchTasks = (root) => {
  const tasks = {
    // The trap (the tuned heuristic) peaks at exactly 0.70; only the construction family passes it.
    deceptive: { dir: join(root, 'bench', 'policies', 'tasks', 'deceptive'), evaluations: 48, success: 0.7000001, config: { shepherd: { niche: null } } },
    'deceptive+niche': { dir: join(root, 'bench', 'policies', 'tasks', 'deceptive'), evaluations: 48, success: 0.7000001, config: { shepherd: { niche: 'design' } }, variant: 'with the oracle label shepherd.niche: "design"' },
  };
  // Added by the K-module and second deceptive tasks when present (bench/policies/tasks/<name>/bench.json).
  for (const name of ['deceptive-2', 'k-module']) {
    const dir = join(root, 'bench', 'policies', 'tasks', name);
    if (existsSync(join(dir, '.swarmrc.json'))) tasks[name] = { dir, evaluations: name === 'k-module' ? 100 : 48, success: null, config: {} };
  }
  return tasks;
};
