import { describeModelError, type HistoryItem, type ModelApi } from '../../agents/api-loop/model-api.js';
import type { SwarmConfig } from '../../config-assembly/index.js';
import type { ShepherdModel } from '../../core/ports/shepherd-model.js';
import { costOf } from '../../core/budget/pricing.js';
import { createModelApi } from '../../agents/api-loop/create-model-api.js';
import { modelProviderOf } from '../../agents/registry.js';

/** The model of the LLM Shepherd: `shepherd.llm`, falling back to the agent's model on the same API. */
export const shepherdModelApi = (config: SwarmConfig): Promise<ModelApi> => {
  const { llm } = config.shepherd;
  const sameApi = config.agent.backend === llm.backend;
  return createModelApi(config, modelProviderOf(llm.backend), { model: llm.model ?? (sameApi ? config.agent.model : null), baseUrl: llm.baseUrl ?? (sameApi ? config.agent.baseUrl : null) });
};

/** The ShepherdModel port over a model API: no tools, the agent's output token limit, usage priced. */
export const createShepherdModel = async (config: SwarmConfig): Promise<ShepherdModel> => {
  const api = await shepherdModelApi(config);
  return {
    ask: async ({ system, turns }, signal) => {
      const history: HistoryItem[] = turns.map((turn) => (turn.role === 'user' ? { kind: 'user', text: turn.text } : { kind: 'assistant', text: turn.text, toolCalls: [] }));
      try {
        const reply = await api.chat({ system, history, tools: [], maxOutputTokens: config.agent.api.maxOutputTokens }, signal);
        return { ok: true, text: reply.text, usage: { inputTokens: reply.usage.inputTokens, outputTokens: reply.usage.outputTokens, costUsd: costOf(reply.usage, api.price) } };
      } catch (error) {
        return { ok: false, error: describeModelError(error, api) };
      }
    },
  };
};
