export { createCodexAgent, codexOutcome, CODEX_BACKEND, type CodexAgentOptions } from './codex-agent.js';
export { codexArgs, codexPrompt } from './codex-args.js';
export { parseCodexStream, totalsFromJson, totalsToJson, type CodexStream, type ThreadTotals } from './codex-events.js';
