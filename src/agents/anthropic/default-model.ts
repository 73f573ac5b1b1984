/** The newest Sonnet in @anthropic-ai/sdk 1.14's model list, not in its deprecated-models table. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';
