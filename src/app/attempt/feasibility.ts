import type { SwarmConfig } from '../../config-assembly/index.js';
import { violatedConstraint } from '../../core/objectives/constraints.js';
import type { Objectives } from '../../core/objectives/objectives.js';
import type { AttemptResult } from './attempt-result.js';

/** The run's objectives as the core reads them: the primary metric, the further ones, the constraints. */
export const runObjectives = (config: Pick<SwarmConfig, 'objective'>): Objectives => ({
  primary: { metric: config.objective.metric, direction: config.objective.direction },
  metrics: config.objective.metrics,
  constraints: config.objective.constraints,
});

/**
 * A scored result that breaks a constraint of `objective.constraints` becomes scored but
 * infeasible: its metrics are kept, its score is withheld (so nothing crowns it, counts it as an
 * improvement or ranks it), the violated bound is named in a flag and in the reason.
 */
export const applyConstraints = (config: Pick<SwarmConfig, 'objective'>, result: AttemptResult): AttemptResult => {
  const final = result.evaluation?.final;
  if (result.kind !== 'scored' || final === undefined || config.objective.constraints.length === 0) return result;
  const violation = violatedConstraint(config.objective.constraints, config.objective.metric, final.score, final.metrics);
  if (violation === null || result.evaluation === null) return result;
  // The primary metric stays readable among the metrics when the evaluator named it only as the score.
  const metrics = final.score === null || config.objective.metric in final.metrics ? final.metrics : { ...final.metrics, [config.objective.metric]: final.score };
  return {
    ...result,
    reason: violation.reason,
    flags: [...result.flags, violation.flag],
    evaluation: { ...result.evaluation, final: { ...final, score: null, metrics } },
  };
};
