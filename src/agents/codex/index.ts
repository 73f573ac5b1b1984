import type { AgentBackendDescriptor } from '../backend-descriptor.js';
import { codexConfiguredModel } from './codex-config-toml.js';
import { codexSettings } from './settings.js';
import { findBinary, requireBinary } from '../cli-common/resolve-binary.js';

const INSTALL_HINT = 'npm install -g @openai/codex';

/** `codex`: the Codex CLI (`codex exec --json`), optimizers forking their parent's thread. */
export const codexBackend: AgentBackendDescriptor<typeof codexSettings> = {
  doc: 'Codex CLI (codex exec --json --sandbox workspace-write); optimizers fork their parent\'s thread',
  settings: codexSettings,
  capabilities: { slurmJob: true, diffMode: false, revisesNearDuplicate: true, offline: false, accessReadsProject: false },
  defaultModel: (config, env) => {
    const configured = codexConfiguredModel(config.agent.codex, env);
    return configured === null
      ? { model: null, from: 'codex\'s own default (no agent.model, no `model` in codex\'s config.toml)' }
      : { model: configured, from: 'codex\'s config.toml' };
  },
  binary: (config) => ({ name: config.agent.codex.binary, setting: 'agent.codex.binary' }),
  installHint: INSTALL_HINT,
  pricedByTokens: () => true,
  create: async (config) => {
    const { createCodexAgent } = await import('./codex-agent.js');
    const { agent } = config;
    // Without agent.model, the model of codex's own config is priced (codex picks it).
    return createCodexAgent({ ...agent.codex, prices: agent.prices, defaultModel: codexConfiguredModel(agent.codex), binaryPath: requireBinary(agent.codex.binary, 'agent.codex.binary', INSTALL_HINT) });
  },
  access: async (config, _root, env) => {
    const { codexAccess } = await import('./codex-access.js');
    const { withReachableEndpoint } = await import('../access/api-access-check.js');
    // A custom model provider's base_url must answer; codex itself would retry it for minutes.
    const login = await codexAccess(config.agent.codex, findBinary(config.agent.codex.binary, env), env);
    return withReachableEndpoint(login, login.baseUrl, 'start the server or correct base_url of the model provider in codex\'s config.toml');
  },
  probe: async (config, binaryPath, env, cwd) => {
    if (binaryPath === null) return null;
    const { probeCodex } = await import('./codex-probe.js');
    return probeCodex(binaryPath, config.agent.codex, env, cwd);
  },
  writeChecks: async (config, { env, binaryPath, scratch }) => {
    const { codexSettingChecks, probeCodexWrite } = await import('./codex-write-checks.js');
    const settings = codexSettingChecks(config.agent.codex, env);
    const probe = binaryPath === null ? null : await probeCodexWrite(binaryPath, config.agent.codex, env, scratch);
    return [...settings, ...(probe === null ? [] : [probe])];
  },
};
