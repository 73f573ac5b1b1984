export { createApiAgent, type ApiAgentOptions } from './api-agent.js';
export { resolveApiAccess, PLACEHOLDER_KEY } from './api-access.js';
export type { ModelProvider } from './model-provider.js';
export type { ModelApi, ModelApiOptions, ChatRequest, ChatReply, HistoryItem, ToolSpec } from './model-api.js';
