import { SwarmError } from '../core/errors.js';
import type { AttemptId } from '../core/ids.js';
import { createRng, deriveSeed } from '../core/random.js';
import { planRulesWave, type WavePlan } from '../core/rules-policy.js';
import type { AttemptView } from '../core/types.js';
import type { RunContext } from './run-context.js';

export interface PlanRequest {
  population: AttemptView[];
  baselineId: AttemptId;
  wave: number;
  /** At most this many attempts (budget and free slots). */
  maxAttempts: number;
}

/** Plans the next wave with the configured Shepherd policy. */
export const planWave = async (ctx: RunContext, request: PlanRequest): Promise<WavePlan> => {
  const { config } = ctx;
  switch (config.shepherd.policy) {
    case 'rules':
      return planRulesWave({
        attempts: request.population,
        baselineId: request.baselineId,
        direction: config.objective.direction,
        wave: request.wave,
        maxAttempts: request.maxAttempts,
        backend: config.agent.backend,
        settings: config.shepherd,
        rng: createRng(deriveSeed(config.shepherd.seed, request.wave)),
      });
    default:
      throw new SwarmError('CONFIG_INVALID', `shepherd.policy: "${config.shepherd.policy}" is not available in this version of swarm yet; use "rules"`);
  }
};
