import { costOf } from '../../core/pricing.js';
import type { ModelApi } from '../../agents/api-loop/index.js';
import { describeModelError } from '../../agents/api-loop/model-api.js';
import { LLM_SHEPHERD_SYSTEM, composeShepherdPrompt } from '../../core/llm-shepherd-prompt.js';
import { validateShepherdPlan } from '../../core/llm-shepherd-plan.js';
import type { Rng } from '../../core/random.js';
import type { WavePlan } from '../../core/rules-policy.js';
import type { Objective } from '../../core/types.js';
import type { HistoryItem } from '../../agents/api-loop/model-api.js';
import { createModelApi } from '../setup/create-model-api.js';
import type { PlanRequest } from './plan-next.js';
import type { RunContext } from './run-context.js';

const budgetLeftText = (ctx: RunContext, request: PlanRequest): string => {
  const cost = request.population.reduce((sum, a) => sum + a.costUsd, 0);
  const { budget } = ctx.config;
  const parts = [`${request.maxAttempts} attempts`];
  if (budget.costUsd > 0) parts.push(`$${Math.max(0, budget.costUsd - cost).toFixed(2)} of $${budget.costUsd}`);
  return parts.join(', ');
};

/** The model of the LLM Shepherd: `shepherd.llm`, falling back to the agent's model on the same API. */
export const shepherdModelApi = (ctx: Pick<RunContext, 'config'>): Promise<ModelApi> => {
  const { llm } = ctx.config.shepherd;
  const sameApi = ctx.config.agent.backend === llm.backend;
  return createModelApi(ctx.config, llm.backend, { model: llm.model ?? (sameApi ? ctx.config.agent.model : null), baseUrl: llm.baseUrl ?? (sameApi ? ctx.config.agent.baseUrl : null) });
};

export interface LlmPlanDeps {
  api: ModelApi;
  rng: Rng;
  /** The rules policy, used when the model fails twice. */
  fallback: () => WavePlan;
  objective: Objective;
}

/**
 * Plans a wave with a model: it gets the task, the attempts table and the budget left, and answers
 * with a JSON plan that is validated; an invalid plan is sent back once with the problems, and if
 * the second one fails too (or the API fails) the rules policy plans the wave and a
 * `shepherd.fallback` event records why.
 */
export const planLlmWave = async (ctx: RunContext, request: PlanRequest, deps: LlmPlanDeps): Promise<WavePlan> => {
  const { llm } = ctx.config.shepherd;
  const size = Math.min(request.maxAttempts, llm.waveSize ?? (request.wave <= 1 ? ctx.config.shepherd.initialExplorers : ctx.config.shepherd.waveSize));
  const history: HistoryItem[] = [
    {
      kind: 'user',
      text: composeShepherdPrompt({ task: ctx.task, objective: deps.objective, attempts: request.population, wave: request.wave, maxAttempts: size, budgetLeft: budgetLeftText(ctx, request) }),
    },
  ];
  const limits = { attempts: request.population, baselineId: request.baselineId, maxAttempts: size, backend: ctx.config.agent.backend, rng: deps.rng };
  let problems: string[] = [];
  for (let round = 0; round < 2; round++) {
    let text: string;
    try {
      const reply = await deps.api.chat({ system: LLM_SHEPHERD_SYSTEM, history, tools: [], maxOutputTokens: ctx.config.agent.api.maxOutputTokens }, ctx.force);
      text = reply.text;
      ctx.store.addEvent(ctx.runId, 'shepherd.llm', { wave: request.wave, round, inputTokens: reply.usage.inputTokens, outputTokens: reply.usage.outputTokens, costUsd: costOf(reply.usage, deps.api.price) });
    } catch (error) {
      problems = [describeModelError(error, deps.api)];
      break;
    }
    const result = validateShepherdPlan(text, limits);
    if (result.ok) return result.plan;
    problems = result.errors;
    history.push({ kind: 'assistant', text, toolCalls: [] }, { kind: 'user', text: `The plan is invalid:\n${problems.map((p) => `- ${p}`).join('\n')}\nAnswer again with the corrected JSON object only.` });
  }
  ctx.store.addEvent(ctx.runId, 'shepherd.fallback', { wave: request.wave, problems });
  ctx.logger.warn({ wave: request.wave, problems }, 'LLM shepherd plan rejected; the rules policy plans this wave');
  const plan = deps.fallback();
  return { ...plan, rationale: `rules fallback (LLM plan rejected: ${problems.join('; ').slice(0, 200)}): ${plan.rationale}` };
};

