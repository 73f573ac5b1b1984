/** The model of the openai backend when agent.model is unset. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';
