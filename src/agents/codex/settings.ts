import { backendSettings, type SettingsOutput } from '../backend-settings.js';

/** `agent.codex`: the Codex executable, its sandbox and config overrides. */
export const codexSettings = backendSettings({
  key: 'codex',
  description: 'Settings of the "codex" backend (Codex CLI).',
  schema: ({ z }) => z.strictObject({
    binary: z.string().min(1).default('codex')
      .describe('The Codex executable: a name looked up on PATH and in node_modules/.bin of swarm, or a path.'),
    sandbox: z.enum(['read-only', 'workspace-write', 'danger-full-access']).default('workspace-write')
      .describe('--sandbox of `codex exec`; in workspace-write .git is read-only, swarm commits for the agent.'),
    extraArgs: z.array(z.string()).default([]).describe('Extra arguments passed to `codex exec` before the prompt.'),
    configOverrides: z.record(z.string(), z.string()).default({})
      .describe('Codex config overrides passed as `-c key=value` (value parsed as TOML by codex), e.g. {"model_reasoning_effort": "high"}.'),
  }),
});

/** agent.codex resolved. */
export type CodexConfig = SettingsOutput<typeof codexSettings>;
