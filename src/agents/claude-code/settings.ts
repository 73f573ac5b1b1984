import { backendSettings, type SettingsOutput } from '../backend-settings.js';

/** `agent.claudeCode`: the Claude Code executable and its permission settings. */
export const claudeCodeSettings = backendSettings({
  key: 'claudeCode',
  description: 'Settings of the "claude-code" backend (Claude Code CLI).',
  schema: ({ z }) => z.strictObject({
    binary: z.string().min(1).default('claude')
      .describe('The Claude Code executable: a name looked up on PATH and in node_modules/.bin of swarm, or a path.'),
    permissionMode: z.enum(['acceptEdits', 'bypassPermissions', 'default', 'plan']).default('acceptEdits')
      .describe('--permission-mode of Claude Code; "acceptEdits" lets it edit files, and swarm allows `swarm eval` (and the evaluator command the prompt names) with --allowedTools; other commands Claude Code cannot vouch for are refused; "bypassPermissions" as root runs with IS_SANDBOX=1 (use only in a sandbox).'),
    maxBudgetUsd: z.number().positive().nullable().default(null).describe('--max-budget-usd per attempt; null = no limit from Claude Code.'),
    extraArgs: z.array(z.string()).default([]).describe('Extra arguments passed to claude before the prompt.'),
  }),
});

/** agent.claudeCode resolved. */
export type ClaudeCodeConfig = SettingsOutput<typeof claudeCodeSettings>;
