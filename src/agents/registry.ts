import { anthropicBackend } from './anthropic/index.js';
import { SwarmError } from '../core/domain/errors.js';
import type { ModelProvider } from './api-loop/model-provider.js';
import type { AgentBackendDescriptor } from './backend-descriptor.js';
import { claudeCodeBackend } from './claude-code/index.js';
import { codexBackend } from './codex/index.js';
import { commandBackend } from './command/index.js';
import { localBackend } from './local/index.js';
import { openaiBackend } from './openai/index.js';

/**
 * Every agent backend by its config name (`agent.backend`, `--agent`): the one list that
 * create-backend, preflight, doctor, the probe, the CLI help and the config schema read. Adding a
 * backend is its folder (an `index.ts` exporting its descriptor) and one line here.
 */
export const AGENT_BACKEND_REGISTRY = {
  local: localBackend,
  'claude-code': claudeCodeBackend,
  codex: codexBackend,
  anthropic: anthropicBackend,
  openai: openaiBackend,
  command: commandBackend,
} as const satisfies Record<string, AgentBackendDescriptor>;

export type AgentBackendName = keyof typeof AGENT_BACKEND_REGISTRY;

/** The names in registry order (the first is the default), as zod's enum wants them. */
export const AGENT_BACKEND_NAMES = Object.keys(AGENT_BACKEND_REGISTRY) as [AgentBackendName, ...AgentBackendName[]];

/** The descriptor of a backend named in the config (typed: an unknown name does not compile). */
export const agentBackend = (name: AgentBackendName): AgentBackendDescriptor => AGENT_BACKEND_REGISTRY[name];

const isAgentBackendName = (name: string): name is AgentBackendName => Object.hasOwn(AGENT_BACKEND_REGISTRY, name);

/** The descriptor of a backend named by a record (a session's backend, a stored row), or null for a name the registry lacks. */
export const findAgentBackend = (name: string): AgentBackendDescriptor | null => (isAgentBackendName(name) ? AGENT_BACKEND_REGISTRY[name] : null);

/** The model API of a backend on swarm's tool loop (the Shepherd's model names one); a backend without one is a configuration error. */
export const modelProviderOf = (name: AgentBackendName): ModelProvider => {
  const provider = agentBackend(name).modelProvider;
  if (provider === undefined) throw new SwarmError('CONFIG_INVALID', `the ${name} backend runs no model API of swarm's own; name a backend that does (${AGENT_BACKEND_NAMES.filter((n) => agentBackend(n).modelProvider !== undefined).join(', ')})`);
  return provider;
};
