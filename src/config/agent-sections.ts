import { z } from 'zod';
import type { AgentBackendDescriptor } from '../agents/backend-descriptor.js';
import { AGENT_BACKEND_NAMES, AGENT_BACKEND_REGISTRY, agentBackend, type AgentBackendName } from '../agents/registry.js';
import { SwarmError } from '../core/domain/errors.js';
import { int } from './schema-primitives.js';

type Registry = typeof AGENT_BACKEND_REGISTRY;
type Sections = NonNullable<Registry[keyof Registry]['settings']>;

/** `agent.<key>` of every backend with settings of its own, as the registry's descriptors declare them. */
export type AgentSectionsShape = { [S in Sections as S['key']]: z.ZodPrefault<ReturnType<S['schema']>> };

/** The same sections inside an `agent.pool` entry: optional, absent = the agent's own section. */
export type PoolEntrySectionsShape = { [S in Sections as S['key']]: z.ZodOptional<ReturnType<S['schema']>> };

const backendsWithSettings = (): Array<[string, NonNullable<AgentBackendDescriptor['settings']>]> =>
  Object.entries(AGENT_BACKEND_REGISTRY as Record<string, AgentBackendDescriptor>)
    .flatMap(([name, { settings }]) => (settings === null ? [] : [[name, settings] as [string, NonNullable<AgentBackendDescriptor['settings']>]]));

/**
 * The backends' own sections of `agent` (agent.local, agent.claudeCode, agent.codex, …), in
 * registry order, each built from the `settings` of its descriptor and defaulted as a whole. A key
 * that a shared setting (`shared`) or another backend already has is a bug of that backend.
 */
export const agentBackendSections = (shared: readonly string[]): AgentSectionsShape => {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, settings] of backendsWithSettings()) {
    if (shared.includes(settings.key) || settings.key in shape) {
      throw new SwarmError('INTERNAL', `backend ${name} declares agent.${settings.key}, a key the agent config already has; rename its settings key in src/agents/${name}/settings.ts`);
    }
    shape[settings.key] = settings.schema({ z, int }).prefault({}).describe(settings.description);
  }
  // The entries are those of the mapped type, built one by one from the same registry.
  return shape as AgentSectionsShape;
};

/**
 * The backends with a trait of their descriptor, in registry order: which of them agent.runner
 * "slurm" can place on a node (`slurmJob`), which stay in the driver in diff mode (`diffMode`),
 * and which run a model API of swarm's own, as the Shepherd's model can (`modelProvider`).
 */
export const backendsWith = (trait: 'slurmJob' | 'diffMode' | 'modelProvider'): AgentBackendName[] =>
  AGENT_BACKEND_NAMES.filter((name) => {
    const descriptor = agentBackend(name);
    return trait === 'modelProvider' ? descriptor.modelProvider !== undefined : descriptor.capabilities[trait];
  });

/** Each backend's section as an optional override in one `agent.pool` entry, from the same registry. */
export const poolEntryBackendSections = (): PoolEntrySectionsShape => {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, settings] of backendsWithSettings()) {
    shape[settings.key] = settings.schema({ z, int }).optional().describe(`Settings of a "${name}" entry; absent = agent.${settings.key}.`);
  }
  // The entries are those of the mapped type, built one by one from the same registry.
  return shape as PoolEntrySectionsShape;
};
