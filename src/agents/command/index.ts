export { createCommandAgent, commandOutcome, commandPrompt, expandArgv, COMMAND_BACKEND, type CommandAgentOptions } from './command-agent.js';
export { valueAt, numberAt } from './dot-path.js';
