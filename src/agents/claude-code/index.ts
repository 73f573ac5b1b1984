import { isSet } from '../access/access-check.js';
import type { AgentBackendDescriptor } from '../backend-descriptor.js';
import { claudeCodeSettings } from './settings.js';
import { findBinary, requireBinary } from '../cli-common/resolve-binary.js';

const INSTALL_HINT = 'npm install -g @anthropic-ai/claude-code';

/** `claude-code`: the Claude Code CLI (`claude -p`), optimizers forking their parent's session. */
export const claudeCodeBackend: AgentBackendDescriptor<typeof claudeCodeSettings> = {
  doc: 'Claude Code CLI (claude -p --output-format stream-json); optimizers fork their parent\'s session',
  settings: claudeCodeSettings,
  capabilities: { slurmJob: true, diffMode: false, revisesNearDuplicate: true, offline: false, accessReadsProject: false },
  defaultModel: () => ({ model: null, from: 'the backend\'s own default' }),
  binary: (config) => ({ name: config.agent.claudeCode.binary, setting: 'agent.claudeCode.binary' }),
  installHint: INSTALL_HINT,
  pricedByTokens: () => false,
  create: async (config) => {
    const { createClaudeCodeAgent } = await import('./claude-code-agent.js');
    const { agent } = config;
    return createClaudeCodeAgent({ ...agent.claudeCode, prices: agent.prices, binaryPath: requireBinary(agent.claudeCode.binary, 'agent.claudeCode.binary', INSTALL_HINT) });
  },
  access: async (config, _root, env) => {
    const { claudeCodeAccess } = await import('./claude-access.js');
    const { withReachableEndpoint } = await import('../access/api-access-check.js');
    const login = await claudeCodeAccess(findBinary(config.agent.claudeCode.binary, env), env);
    const baseUrl = env.ANTHROPIC_BASE_URL;
    return withReachableEndpoint(login, isSet(baseUrl) ? baseUrl : undefined, 'start the server or correct ANTHROPIC_BASE_URL');
  },
  probe: async (_config, binaryPath, env, cwd) => {
    if (binaryPath === null) return null;
    const { probeClaude } = await import('./claude-probe.js');
    return probeClaude(binaryPath, env, cwd);
  },
  writeChecks: async (config, { root, env }) => {
    const { claudeWriteChecks } = await import('./claude-write-checks.js');
    return claudeWriteChecks(config.agent.claudeCode, root, env);
  },
};
