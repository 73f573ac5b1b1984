import { z } from 'zod';
import { SwarmError } from '../core/domain/errors.js';
import type { ConfigPlugins } from './config-plugins.js';
import { int } from './schema-primitives.js';

type Backends = ConfigPlugins['backends'];

/**
 * The backends' own sections of `agent` (agent.local, agent.claudeCode, agent.codex, …), in
 * registry order, each built from the `settings` of its descriptor and defaulted as a whole. A key
 * that a shared setting (`shared`) or another backend already has is a bug of that backend.
 */
export const agentBackendSections = (backends: Backends, shared: readonly string[]): Record<string, z.ZodType> => {
  const shape: Record<string, z.ZodType> = {};
  for (const { plugin, key, description, schema } of backends.sections) {
    if (shared.includes(key) || key in shape) {
      throw new SwarmError('INTERNAL', `backend ${plugin} declares agent.${key}, a key the agent config already has; rename its settings key in src/agents/${plugin}/settings.ts`);
    }
    shape[key] = schema({ z, int }).prefault({}).describe(description);
  }
  return shape;
};

/** Each backend's section as an optional override in one `agent.pool` entry, from the same registry. */
export const poolEntryBackendSections = (backends: Backends): Record<string, z.ZodType> => {
  const shape: Record<string, z.ZodType> = {};
  for (const { plugin, key, schema } of backends.sections) {
    shape[key] = schema({ z, int }).optional().describe(`Settings of a "${plugin}" entry; absent = agent.${key}.`);
  }
  return shape;
};
