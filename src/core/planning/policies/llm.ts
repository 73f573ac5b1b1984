import { validateShepherdPlan } from './llm-plan.js';
import { LLM_SHEPHERD_SYSTEM, composeShepherdPrompt } from './llm-prompt.js';
import type { PlanRequest, WavePlan } from '../plan-request.js';
import type { ShepherdModel, ShepherdTurn } from '../../ports/shepherd-model.js';
import type { Rng } from '../../domain/random.js';
import type { Objective, Usage } from '../../domain/types.js';

export interface LlmPolicySettings {
  /** `shepherd.llm.waveSize`; null: the Shepherd's own initialExplorers / waveSize. */
  llmWaveSize: number | null;
  initialExplorers: number;
  waveSize: number;
  /** `budget.costUsd` (0: none), shown to the model as what is left. */
  budgetCostUsd: number;
  backend: string;
}

export interface LlmPolicyInput {
  task: string;
  objective: Objective;
  request: PlanRequest;
  settings: LlmPolicySettings;
  rng: Rng;
  model: ShepherdModel;
  /** The rules policy, used when the model fails twice. */
  fallback: () => WavePlan;
  signal: AbortSignal;
  /** What earlier runs tried (.swarm/memory.md), when shepherd.memory is on. */
  memory?: string | null;
}

export interface LlmPlanOutcome {
  plan: WavePlan;
  /** Usage of each answered round, in order (the caller records them). */
  replies: Array<{ round: number; usage: Usage }>;
  /** Why the model's plan was not used (the rules fallback planned instead); null when it was. */
  rejected: string[] | null;
}

const budgetLeftText = (request: PlanRequest, settings: LlmPolicySettings): string => {
  const cost = request.population.reduce((sum, a) => sum + a.costUsd, 0);
  const parts = [`${request.maxAttempts} attempts`];
  if (settings.budgetCostUsd > 0) parts.push(`$${Math.max(0, settings.budgetCostUsd - cost).toFixed(2)} of $${settings.budgetCostUsd}`);
  return parts.join(', ');
};

/**
 * Plans a wave with a model: it gets the task, the attempts table and the budget left, and answers
 * with a JSON plan that is validated; an invalid plan is sent back once with the problems, and if
 * the second one fails too (or the model fails) the rules fallback plans the wave.
 */
export const planLlm = async (input: LlmPolicyInput): Promise<LlmPlanOutcome> => {
  const { request, settings } = input;
  const size = Math.min(request.maxAttempts, settings.llmWaveSize ?? (request.wave <= 1 ? settings.initialExplorers : settings.waveSize));
  const turns: ShepherdTurn[] = [
    {
      role: 'user',
      text: composeShepherdPrompt({ task: input.task, objective: input.objective, attempts: request.population, wave: request.wave, maxAttempts: size, budgetLeft: budgetLeftText(request, settings), ...(request.front ? { front: request.front } : {}), memory: input.memory ?? null }),
    },
  ];
  const limits = { attempts: request.population, baselineId: request.baselineId, maxAttempts: size, backend: settings.backend, rng: input.rng };
  const replies: LlmPlanOutcome['replies'] = [];
  let problems: string[] = [];
  for (let round = 0; round < 2; round++) {
    const reply = await input.model.ask({ system: LLM_SHEPHERD_SYSTEM, turns }, input.signal);
    if (!reply.ok) {
      problems = [reply.error];
      break;
    }
    replies.push({ round, usage: reply.usage });
    const result = validateShepherdPlan(reply.text, limits);
    if (result.ok) return { plan: result.plan, replies, rejected: null };
    problems = result.errors;
    turns.push({ role: 'assistant', text: reply.text }, { role: 'user', text: `The plan is invalid:\n${problems.map((p) => `- ${p}`).join('\n')}\nAnswer again with the corrected JSON object only.` });
  }
  const plan = input.fallback();
  return { plan: { ...plan, rationale: `rules fallback (LLM plan rejected: ${problems.join('; ').slice(0, 200)}): ${plan.rationale}` }, replies, rejected: problems };
};
