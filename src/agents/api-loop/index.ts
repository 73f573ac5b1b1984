export { createApiAgent, type ApiAgentOptions } from './api-agent.js';
export { resolveApiAccess, PLACEHOLDER_KEY, type ApiProvider } from './api-access.js';
export type { ModelApi, ModelApiOptions, ChatRequest, ChatReply, HistoryItem, ToolSpec } from './model-api.js';
