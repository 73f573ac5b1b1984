import { SwarmError } from '../../core/errors.js';
import type { AttemptId } from '../../core/ids.js';
import { createRng, deriveSeed } from '../../core/random.js';
import { planRulesWave, type WavePlan } from '../../core/rules-policy.js';
import type { AttemptView } from '../../core/types.js';
import { planEvolve } from '../../core/policies/evolve.js';
import { planGreedy } from '../../core/policies/greedy.js';
import type { PolicyInput, PolicyPlan } from '../../core/policies/policy-input.js';
import { planRandom } from '../../core/policies/random.js';
import { withSharedSeeds } from '../../core/policies/shared-seeds.js';
import { planRsi } from '../../core/policies/rsi.js';
import { planSwarm } from '../../core/policies/swarm.js';
import type { RunContext } from './run-context.js';

export interface PlanRequest {
  population: AttemptView[];
  baselineId: AttemptId;
  wave: number;
  /** At most this many attempts (budget and free slots). */
  maxAttempts: number;
  /** Plans already made in this wave/generation (async scheduling plans one attempt at a time); varies the seed. */
  draw?: number;
}

const policyInput = (ctx: RunContext, request: PlanRequest, draw = request.wave * 1009 + (request.draw ?? 0)): PolicyInput => ({
  attempts: request.population,
  baselineId: request.baselineId,
  direction: ctx.config.objective.direction,
  wave: request.wave,
  maxAttempts: request.maxAttempts,
  backend: ctx.config.agent.backend,
  rng: createRng(deriveSeed(ctx.config.shepherd.seed, draw)),
});

/** Shepherd v0, the rules policy; `draw` seeds its random choices. */
const rulesPlan = (ctx: RunContext, request: PlanRequest, draw: number): WavePlan =>
  planRulesWave({ ...policyInput(ctx, request, draw), settings: ctx.config.shepherd });

/** The k-th search attempt gets the same agent seed under every search policy (paired comparisons). */
const shared = (ctx: RunContext, request: PlanRequest, plan: PolicyPlan): PolicyPlan => ({ ...plan, specs: withSharedSeeds(plan.specs, request.population, ctx.config.shepherd.seed) });

/** Plans the next wave with the configured Shepherd policy. */
export const planWave = async (ctx: RunContext, request: PlanRequest): Promise<WavePlan> => {
  const { config } = ctx;
  switch (config.shepherd.policy) {
    case 'rules':
      return rulesPlan(ctx, request, request.draw ? request.wave * 1009 + request.draw : request.wave);
    case 'greedy':
      return shared(ctx, request, planGreedy({ ...policyInput(ctx, request), settings: config.shepherd }));
    case 'random':
      return shared(ctx, request, planRandom({ ...policyInput(ctx, request), settings: config.shepherd }));
    case 'swarm':
      return shared(ctx, request, planSwarm({ ...policyInput(ctx, request), settings: config.shepherd }));
    case 'evolve':
      return shared(ctx, request, planEvolve({ ...policyInput(ctx, request), settings: { ...config.shepherd.evolve, niche: config.shepherd.niche, initialExplorers: config.shepherd.initialExplorers, waveSize: config.shepherd.waveSize } }));
    case 'rsi':
      return shared(ctx, request, planRsi({ ...policyInput(ctx, request), settings: { ...config.shepherd.rsi, niche: config.shepherd.niche, initialExplorers: config.shepherd.initialExplorers, waveSize: config.shepherd.waveSize } }));
    case 'llm': {
      const { planLlmWave, shepherdModelApi } = await import('./llm-shepherd.js');
      return planLlmWave(ctx, request, { api: await shepherdModelApi(ctx), rng: policyInput(ctx, request).rng, fallback: () => rulesPlan(ctx, request, request.wave * 1009 + (request.draw ?? 0) + 1), objective: config.objective });
    }
    default:
      throw new SwarmError('CONFIG_INVALID', `shepherd.policy: "${config.shepherd.policy}" is not available in this version of swarm yet; use "rules"`);
  }
};
