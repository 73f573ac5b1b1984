export { createOpenAiApi, DEFAULT_OPENAI_MODEL } from './openai-api.js';
