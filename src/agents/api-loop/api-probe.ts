import type { SharedConfig } from '../../config/config-types.js';
import type { AccessCheck } from '../access/access-check.js';
import { oneLine, PROBE_PROMPT, PROBE_TIMEOUT_MS } from '../access/probe-process.js';
import { createModelApi } from './create-model-api.js';
import { describeModelError } from './model-api.js';
import type { ModelProvider } from './model-provider.js';

/** One short message to the provider's model, retries off. */
export const probeApi = async (provider: ModelProvider, config: SharedConfig): Promise<AccessCheck> => {
  const quiet = { ...config, agent: { ...config.agent, api: { ...config.agent.api, maxRetries: 0, requestTimeoutMs: PROBE_TIMEOUT_MS } } };
  const sameApi = config.agent.backend === provider.name;
  const api = await createModelApi(quiet, provider, { model: sameApi ? config.agent.model : null, baseUrl: sameApi ? config.agent.baseUrl : null });
  try {
    const reply = await api.chat({ system: 'You answer in one word.', history: [{ kind: 'user', text: PROBE_PROMPT }], tools: [], maxOutputTokens: 16 }, AbortSignal.timeout(PROBE_TIMEOUT_MS));
    return { ok: true, detail: `${api.model} answered: ${oneLine(reply.text)}` };
  } catch (error) {
    return { ok: false, detail: describeModelError(error, api) };
  }
};
