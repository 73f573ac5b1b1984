export { createClaudeCodeAgent, claudeOutcome, CLAUDE_CODE_BACKEND, type ClaudeCodeAgentOptions } from './claude-code-agent.js';
export { claudeArgs, claudeEnv } from './claude-args.js';
export { parseClaudeStream, type ClaudeStream, type ClaudeResult } from './claude-events.js';
