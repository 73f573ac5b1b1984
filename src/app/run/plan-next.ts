import type { SwarmConfig } from '../../config-assembly/index.js';
import { planSeed, type SeedStream } from '../../core/planning/plan-seed.js';
import type { PlanRequest, WavePlan } from '../../core/planning/plan-request.js';
import { planEvolve } from '../../core/planning/policies/evolve.js';
import { planGreedy } from '../../core/planning/policies/greedy.js';
import { planLlm } from '../../core/planning/policies/llm.js';
import type { PolicyInput, PolicyPlan } from '../../core/planning/policy-input.js';
import { planRandom } from '../../core/planning/policies/random.js';
import { withSharedSeeds } from '../../core/planning/policies/shared-seeds.js';
import { planRsi } from '../../core/planning/policies/rsi.js';
import { planSwarm } from '../../core/planning/policies/swarm.js';
import { CODE_NICHES, type NicheDescriptor } from '../../core/planning/policies/niches.js';
import { createRng } from '../../core/domain/random.js';
import { planRulesWave } from '../../core/planning/policies/rules.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { attemptId } from '../../core/domain/ids.js';
import { assignPoolEntries } from './pool-assign.js';

const policyInput = (config: SwarmConfig, request: PlanRequest, stream: SeedStream = 'policy'): PolicyInput => ({
  attempts: request.population,
  baselineId: request.baselineId,
  direction: config.objective.direction,
  wave: request.wave,
  maxAttempts: request.maxAttempts,
  backend: config.agent.backend,
  rng: createRng(planSeed(config.shepherd.seed, request, stream)),
  ...(request.front === undefined ? {} : { front: request.front }),
});

/** MAP-Elites dimensions of `evolve`: as configured, else the further objectives, else depth and diff size. */
const featureDimensions = (config: SwarmConfig): string[] =>
  config.shepherd.evolve.featureDimensions ?? (config.objective.metrics.length > 0 ? config.objective.metrics.map((m) => m.metric) : ['depth', 'diffSize']);

/** Shepherd v0, the rules policy, on the given random stream. */
const rulesPlan = (config: SwarmConfig, request: PlanRequest, stream: SeedStream): WavePlan => planRulesWave({ ...policyInput(config, request, stream), settings: config.shepherd });

/** The llm policy over the configured model; its calls and a fallback are recorded as events. */
const llmPlan = async (ctx: Pick<RunDeps, 'config' | 'task' | 'store' | 'runId' | 'logger' | 'memory'> & Pick<RunState, 'force'>, request: PlanRequest): Promise<WavePlan> => {
  const { config } = ctx;
  const outcome = await planLlm({
    task: ctx.task,
    objective: config.objective,
    request,
    memory: ctx.memory,
    settings: { llmWaveSize: config.shepherd.llm.waveSize, initialExplorers: config.shepherd.initialExplorers, waveSize: config.shepherd.waveSize, budgetCostUsd: config.budget.costUsd, backend: config.agent.backend },
    rng: policyInput(config, request).rng,
    // Loaded with the policy only: the model API client is not part of other runs' start.
    model: await (await import('./shepherd-model.js')).createShepherdModel(config),
    fallback: () => rulesPlan(config, request, 'llm-fallback'),
    signal: ctx.force,
  });
  for (const { round, usage } of outcome.replies) ctx.store.addEvent(ctx.runId, 'shepherd.llm', { wave: request.wave, round, ...usage });
  if (outcome.rejected !== null) {
    ctx.store.addEvent(ctx.runId, 'shepherd.fallback', { wave: request.wave, problems: outcome.rejected });
    ctx.logger.warn({ wave: request.wave, problems: outcome.rejected }, 'LLM shepherd plan rejected; the rules policy plans this wave');
  }
  return outcome.plan;
};

/** The k-th search attempt gets the same agent seed under every search policy (paired comparisons). */
const shared = (config: SwarmConfig, request: PlanRequest, plan: PolicyPlan): PolicyPlan => ({ ...plan, specs: withSharedSeeds(plan.specs, request.population, config.shepherd.seed) });

/** What names the policies' niches: the declared metric, else code signatures when asked for, else lineages. */
const nicheDescriptor = (config: SwarmConfig): NicheDescriptor => config.shepherd.niche ?? (config.shepherd.codeNiches ? CODE_NICHES : null);

export type PlanDeps = Pick<RunDeps, 'config' | 'task' | 'store' | 'runId' | 'logger' | 'memory' | 'pool'> & Pick<RunState, 'force'>;

/** Plans the next wave with the configured Shepherd policy; with `agent.pool`, each attempt gets its entry. */
export const planWave = async (ctx: PlanDeps, asked: PlanRequest): Promise<WavePlan> => {
  const plan = await planWithPolicy(ctx, asked);
  const pool = ctx.pool ?? null;
  return pool === null ? plan : assignPoolEntries({ config: ctx.config, store: ctx.store, runId: ctx.runId, pool }, plan);
};

const planWithPolicy = async (ctx: PlanDeps, asked: PlanRequest): Promise<WavePlan> => {
  const { config } = ctx;
  // The stored front travels with the request: every policy is offered it, the llm one included.
  const request: PlanRequest = config.objective.metrics.length > 0 ? { ...asked, front: ctx.store.front.members(ctx.runId).map(attemptId) } : asked;
  switch (config.shepherd.policy) {
    case 'rules':
      return rulesPlan(config, request, 'rules');
    case 'greedy':
      return shared(config, request, planGreedy({ ...policyInput(config, request), settings: config.shepherd }));
    case 'random':
      return shared(config, request, planRandom({ ...policyInput(config, request), settings: config.shepherd }));
    case 'swarm':
      return shared(config, request, planSwarm({ ...policyInput(config, request), settings: { ...config.shepherd, niche: nicheDescriptor(config) } }));
    case 'evolve':
      return shared(config, request, planEvolve({ ...policyInput(config, request), settings: { ...config.shepherd.evolve, featureDimensions: featureDimensions(config), niche: nicheDescriptor(config), initialExplorers: config.shepherd.initialExplorers, waveSize: config.shepherd.waveSize } }));
    case 'rsi':
      return shared(config, request, planRsi({ ...policyInput(config, request), settings: { ...config.shepherd.rsi, niche: nicheDescriptor(config), initialExplorers: config.shepherd.initialExplorers, waveSize: config.shepherd.waveSize } }));
    case 'llm':
      return llmPlan(ctx, request);
  }
};
