import { backendSettings, type SettingsOutput } from '../backend-settings.js';

/** `agent.command`: the command line of any agent CLI and how to read its output. */
export const commandSettings = backendSettings({
  key: 'command',
  description: 'Settings of the "command" backend (any agent CLI).',
  schema: ({ z }) => z.strictObject({
    argv: z.array(z.string().min(1)).default([])
      .describe('Command line of any agent CLI, run in the worktree; "{prompt}" in an argument is replaced by the prompt (role instructions first); without it the prompt goes to stdin. Required for agent.backend = "command".'),
    output: z.enum(['text', 'json']).default('text')
      .describe('What the command prints: "text" (the last non-empty lines are the summary) or one JSON object (mapped with the paths below).'),
    summaryPath: z.string().min(1).nullable().default(null).describe('json output: dot path of the final message, e.g. "result" or "response.text".'),
    inputTokensPath: z.string().min(1).nullable().default(null).describe('json output: dot path of the input token count.'),
    outputTokensPath: z.string().min(1).nullable().default(null).describe('json output: dot path of the output token count.'),
    costUsdPath: z.string().min(1).nullable().default(null).describe('json output: dot path of the cost in USD; null = from tokens and agent.prices.'),
  }),
});

/** agent.command resolved. */
export type CommandAgentConfig = SettingsOutput<typeof commandSettings>;
