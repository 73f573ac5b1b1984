import { z } from 'zod';
import type { AgentBackendDescriptor } from '../agents/backend-descriptor.js';
import { AGENT_BACKEND_REGISTRY } from '../agents/registry.js';
import { SwarmError } from '../core/domain/errors.js';
import { int } from './schema-primitives.js';

type Registry = typeof AGENT_BACKEND_REGISTRY;
type Sections = NonNullable<Registry[keyof Registry]['settings']>;

/** `agent.<key>` of every backend with settings of its own, as the registry's descriptors declare them. */
export type AgentSectionsShape = { [S in Sections as S['key']]: z.ZodPrefault<ReturnType<S['schema']>> };

/**
 * The backends' own sections of `agent` (agent.local, agent.claudeCode, agent.codex, …), in
 * registry order, each built from the `settings` of its descriptor and defaulted as a whole. A key
 * that a shared setting (`shared`) or another backend already has is a bug of that backend.
 */
export const agentBackendSections = (shared: readonly string[]): AgentSectionsShape => {
  const shape: Record<string, z.ZodType> = {};
  const descriptors: Array<[string, AgentBackendDescriptor]> = Object.entries(AGENT_BACKEND_REGISTRY);
  for (const [name, { settings }] of descriptors) {
    if (settings === null) continue;
    if (shared.includes(settings.key) || settings.key in shape) {
      throw new SwarmError('INTERNAL', `backend ${name} declares agent.${settings.key}, a key the agent config already has; rename its settings key in src/agents/${name}/settings.ts`);
    }
    shape[settings.key] = settings.schema({ z, int }).prefault({}).describe(settings.description);
  }
  // The entries are those of the mapped type, built one by one from the same registry.
  return shape as AgentSectionsShape;
};
