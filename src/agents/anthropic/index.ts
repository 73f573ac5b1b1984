export { createAnthropicApi, DEFAULT_ANTHROPIC_MODEL } from './anthropic-api.js';
