import type { AgentBackendName, SwarmConfig } from '../../config-assembly/index.js';
import { SwarmError } from '../../core/domain/errors.js';
import { describePrice, knownPrice, type KnownPrice } from '../../core/budget/known-price.js';
import { PRICE_TABLE_DATE } from '../../core/budget/price-table.js';
import { agentBackend } from '../../agents/registry.js';

type Env = Record<string, string | undefined>;

/** How one backend's (or the Shepherd's) spending is known. */
export interface ModelPricing {
  /** Who spends: "agent codex", "the Shepherd's model". */
  who: string;
  /** The model it runs, null = chosen by the CLI itself (unknown to swarm). */
  model: string | null;
  /** Where the model name comes from ("agent.model", "anthropic's default"). */
  modelFrom: string;
  /** "dollars": the backend reports USD itself; "tokens": priced from a price; "none": costs nothing. */
  reports: 'dollars' | 'tokens' | 'none';
  price: KnownPrice | null;
}

const modelOf = (config: SwarmConfig, backend: AgentBackendName, env: Env): { model: string | null; from: string } => {
  const own = config.agent.backend === backend ? config.agent.model : null;
  return own !== null ? { model: own, from: 'agent.model' } : agentBackend(backend).defaultModel(config, env);
};

/** How the agent backend `backend` spends money under `config`. */
export const agentPricing = (config: SwarmConfig, backend: AgentBackendName = config.agent.backend, env: Env = process.env): ModelPricing => {
  const { model, from } = modelOf(config, backend, env);
  const who = `agent ${backend}`;
  const descriptor = agentBackend(backend);
  const reports = descriptor.capabilities.offline ? 'none' : descriptor.pricedByTokens(config) ? 'tokens' : 'dollars';
  return { who, model, modelFrom: from, reports, price: model === null ? null : knownPrice(model, config.agent.prices) };
};

/** The planning model's pricing when `shepherd.policy` is "llm" (it reports tokens), else null. */
export const shepherdPricing = (config: SwarmConfig, env: Env = process.env): ModelPricing | null => {
  if (config.shepherd.policy !== 'llm') return null;
  const { llm } = config.shepherd;
  const sameApi = config.agent.backend === llm.backend;
  const chosen = llm.model ?? (sameApi ? config.agent.model : null);
  const model = chosen ?? agentBackend(llm.backend).defaultModel(config, env).model;
  const modelFrom = llm.model !== null ? 'shepherd.llm.model' : chosen !== null ? 'agent.model' : `the ${llm.backend} default`;
  return { who: 'the Shepherd\'s model (shepherd.policy "llm")', model, modelFrom, reports: 'tokens', price: model === null ? null : knownPrice(model, config.agent.prices) };
};

/** One line for `swarm doctor`: the price a backend's spending is counted with. */
export const describePricing = (pricing: ModelPricing): string => {
  if (pricing.reports === 'none') return 'no model: costs nothing';
  if (pricing.reports === 'dollars') return `reports its cost in USD itself${pricing.price === null ? '' : `; a killed session is priced at ${describePrice(pricing.price.price)} (${pricing.price.source})`}`;
  const model = pricing.model === null ? `model chosen by the CLI (${pricing.modelFrom})` : `model "${pricing.model}" (${pricing.modelFrom})`;
  return pricing.price === null
    ? `${model}: price unknown (not in swarm's price table of ${PRICE_TABLE_DATE}, not in agent.prices): a dollar budget is refused`
    : `${model}: ${describePrice(pricing.price.price)} (${pricing.price.source})`;
};

const dollarBudget = (config: SwarmConfig): string | null =>
  config.budget.costUsd > 0 ? `budget.costUsd ($${config.budget.costUsd})` : config.agent.maxCostUsd > 0 ? `agent.maxCostUsd ($${config.agent.maxCostUsd})` : null;

/** Why a dollar budget cannot be enforced for `pricing`, or null when it can. */
const unpriced = (pricing: ModelPricing, budget: string): string | null => {
  if (pricing.reports !== 'tokens' || pricing.price !== null) return null;
  if (pricing.model === null) {
    return `${budget} cannot be enforced: ${pricing.who} reports tokens, and its model is ${pricing.modelFrom}, which swarm cannot price; set agent.model and, unless swarm's price table knows it, its price in agent.prices, e.g. "prices": {"<model>": {"input": 3, "output": 15}}`;
  }
  return `${budget} cannot be enforced: ${pricing.who} reports tokens, and model "${pricing.model}" (${pricing.modelFrom}) has no price (swarm's price table of ${PRICE_TABLE_DATE} does not list it); add it to agent.prices, e.g. "prices": {"${pricing.model}": {"input": 3, "output": 15}} (USD per million tokens), or remove the dollar budget`;
};

/**
 * Refuses a run or spawn that has a dollar budget while its agent (or its Shepherd's model) spends
 * money swarm cannot count: every attempt would record $0 and the cap would never trigger.
 */
export const refuseUnpricedDollarBudget = (config: SwarmConfig, backend: AgentBackendName = config.agent.backend, env: Env = process.env): void => {
  const budget = dollarBudget(config);
  if (budget === null) return;
  const spenders = [agentPricing(config, backend, env), shepherdPricing(config)].filter((p): p is ModelPricing => p !== null);
  const problems = spenders.map((p) => unpriced(p, budget)).filter((p): p is string => p !== null);
  if (problems.length > 0) throw new SwarmError('CONFIG_INVALID', problems.join('\n'));
};
