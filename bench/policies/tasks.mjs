// The tasks of the policy benchmark: which task folder (bench/policies/tasks/<source>, see
// prepare-task.mjs), the evaluation budget every arm gets, the score that means the better region
// was reached, and what the run's config changes.

/**
 * `success`: a score at or past it is the task's better region (null: no known optimum region).
 * `random`: the random-sampling arm runs on it too (the K-module yardstick).
 * `config`: merged into the task's .swarmrc.json; only the labelled variant sets shepherd.niche
 * (the deceptive evaluator's exact family label, which no real task supplies).
 * `goal`: issue 18's goal on the task, checked per seed group by report.mjs: `beatGreedy` (a search
 * policy beats greedy on >= wins paired seeds and reaches the better region on >= reach seeds where
 * greedy reaches it on <= greedyAtMost), `solve` (the best policy solves >= solved seeds).
 */
const BEAT_GREEDY = { beatGreedy: { wins: 7, reach: 8, greedyAtMost: 3 } };

export const benchTasks = () => ({
  // The trap of both deceptive tasks peaks at 0.70; only the other basin passes it.
  deceptive: { source: 'deceptive', evaluations: 40, success: 0.7000001, config: { shepherd: { niche: null } }, goal: BEAT_GREEDY },
  'deceptive-2': { source: 'deceptive-2', evaluations: 40, success: 0.7000001, config: {}, goal: BEAT_GREEDY },
  'k-module': { source: 'k-module', evaluations: 100, success: 1, config: {}, random: true, goal: { solve: { solved: 9 } } },
  'deceptive+niche': { source: 'deceptive', evaluations: 40, success: 0.7000001, config: { shepherd: { niche: 'design' } }, variant: 'variant with the oracle label shepherd.niche: "design"' },
  'deceptive+code': { source: 'deceptive', evaluations: 40, success: 0.7000001, config: { shepherd: { niche: null, codeNiches: true } }, variant: 'variant with code-signature niches (shepherd.codeNiches)' },
  'deceptive-2+code': { source: 'deceptive-2', evaluations: 40, success: 0.7000001, config: { shepherd: { codeNiches: true } }, variant: 'variant with code-signature niches (shepherd.codeNiches)' },
  'k-module+code': { source: 'k-module', evaluations: 100, success: 1, config: { shepherd: { codeNiches: true } }, variant: 'variant with code-signature niches (shepherd.codeNiches)' },
});

/**
 * What a policy's runs change in the config, on every task: the `random` arm is random sampling,
 * each explorer drawing its whole program afresh (agent.local.explorerSampling "sample": every
 * choice uniformly over its alternatives, every number redrawn), not a few re-randomized literals.
 */
export const armConfig = (policy) => (policy === 'random' ? { agent: { local: { explorerSampling: 'sample' } } } : {});
