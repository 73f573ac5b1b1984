import type { AgentConfig } from '../../config/resolve-config.js';
import type { AgentBackend } from '../../core/ports.js';
import { createClaudeCodeAgent } from '../claude-code/claude-code-agent.js';
import { createCodexAgent } from '../codex/codex-agent.js';
import { createCommandAgent } from '../command/command-agent.js';
import { SwarmError } from '../../core/errors.js';
import { requireBinary } from './resolve-binary.js';

/** How to install each CLI, for the message when its binary is missing. */
export const INSTALL_HINTS = {
  'claude-code': 'npm install -g @anthropic-ai/claude-code',
  codex: 'npm install -g @openai/codex',
  command: 'install the agent CLI named in agent.command.argv[0]',
} as const;

export type CliBackendName = keyof typeof INSTALL_HINTS;

/** Builds a CLI-driven backend; a missing executable is a configuration error (thrown before any attempt). */
/** `found.codexModel`: the model codex's own config names (agent.model unset), to price its tokens. */
export const createCliBackend = (name: CliBackendName, agent: AgentConfig, found: { codexModel?: string | null } = {}): AgentBackend => {
  switch (name) {
    case 'claude-code':
      return createClaudeCodeAgent({
        ...agent.claudeCode,
        prices: agent.prices,
        binaryPath: requireBinary(agent.claudeCode.binary, 'agent.claudeCode.binary', INSTALL_HINTS['claude-code']),
      });
    case 'codex':
      return createCodexAgent({
        ...agent.codex,
        prices: agent.prices,
        defaultModel: found.codexModel ?? null,
        binaryPath: requireBinary(agent.codex.binary, 'agent.codex.binary', INSTALL_HINTS.codex),
      });
    case 'command': {
      const program = agent.command.argv[0];
      if (program === undefined) {
        throw new SwarmError('CONFIG_INVALID', 'agent.command.argv is empty; set it to the agent CLI\'s command line, e.g. ["gemini", "-p", "{prompt}"]');
      }
      return createCommandAgent({ ...agent.command, prices: agent.prices, binaryPath: requireBinary(program, 'agent.command.argv[0]', INSTALL_HINTS.command) });
    }
  }
};
