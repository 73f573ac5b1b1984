/** The CLI flags a run was started with, as the store keeps them (JSON of the set keys only). */
import { z } from 'zod';
import type { ConfigOverrides } from './overrides.js';

// What the store keeps: the same keys the CLI flags set (validated again by the config schema).
const storedOverridesSchema = z.object({
  agent: z.string().optional(),
  model: z.string().optional(),
  attempts: z.number().optional(),
  waves: z.number().optional(),
  wallClock: z.string().optional(),
  agents: z.number().optional(),
  evaluations: z.number().optional(),
  seed: z.number().optional(),
  policy: z.string().optional(),
  baseUrl: z.string().optional(),
  mode: z.string().optional(),
  costUsd: z.number().optional(),
}) satisfies z.ZodType<ConfigOverrides>;

export type OverrideName = keyof ConfigOverrides;

export const definedEntries = (overrides: ConfigOverrides): Array<[OverrideName, string | number]> =>
  Object.entries(overrides).flatMap(([name, value]) => {
    const parsed = storedOverridesSchema.keyof().safeParse(name);
    return parsed.success && (typeof value === 'string' || typeof value === 'number') ? [[parsed.data, value]] : [];
  });

/** Only the keys that are set, for the store. */
export const overridesJson = (overrides: ConfigOverrides): string => JSON.stringify(Object.fromEntries(definedEntries(overrides)));

/** The overrides stored on a run; a column that does not parse (a bug or a hand edit) counts as none. */
export const parseStoredOverrides = (json: string): ConfigOverrides => {
  try {
    const parsed = storedOverridesSchema.safeParse(JSON.parse(json));
    return parsed.success ? Object.fromEntries(definedEntries(parsed.data)) : {};
  } catch {
    return {};
  }
};
