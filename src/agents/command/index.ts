import { SwarmError } from '../../core/domain/errors.js';
import type { AgentBackendDescriptor } from '../backend-descriptor.js';
import { commandSettings } from './settings.js';
import { findBinary, requireBinary } from '../cli-common/resolve-binary.js';

const INSTALL_HINT = 'install the agent CLI named in agent.command.argv[0]';

/** `command`: any agent CLI that takes a prompt (gemini, opencode, aider, qwen). */
export const commandBackend: AgentBackendDescriptor<typeof commandSettings> = {
  doc: 'any agent CLI taking a prompt (agent.command.argv with {prompt}: gemini, opencode, aider, qwen)',
  settings: commandSettings,
  capabilities: { slurmJob: true, diffMode: false, revisesNearDuplicate: false, offline: false, accessReadsProject: false },
  defaultModel: () => ({ model: null, from: 'the backend\'s own default' }),
  binary: (config) => ({ name: config.agent.command.argv[0] ?? null, setting: 'agent.command.argv' }),
  installHint: INSTALL_HINT,
  pricedByTokens: (config) => config.agent.command.costUsdPath === null,
  create: async (config) => {
    const { agent } = config;
    const program = agent.command.argv[0];
    if (program === undefined) {
      throw new SwarmError('CONFIG_INVALID', 'agent.command.argv is empty; set it to the agent CLI\'s command line, e.g. ["gemini", "-p", "{prompt}"]');
    }
    const { createCommandAgent } = await import('./command-agent.js');
    return createCommandAgent({ ...agent.command, prices: agent.prices, binaryPath: requireBinary(program, 'agent.command.argv[0]', INSTALL_HINT) });
  },
  access: async (config, _root, env) => {
    const program = config.agent.command.argv[0];
    if (program === undefined) return { ok: false, detail: 'agent.command.argv is not configured' };
    const path = findBinary(program, env);
    return path === null ? { ok: false, detail: `agent.command.argv[0] "${program}" is not an executable on PATH` } : { ok: true, detail: `runs ${path}` };
  },
  probe: null,
};
