import { z } from 'zod';
import { overrideFlag, type ConfigOverrides } from '../../config/index.js';

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

type OverrideName = keyof ConfigOverrides;

const definedEntries = (overrides: ConfigOverrides): Array<[OverrideName, string | number]> =>
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

const flagText = (name: OverrideName, value: string | number): string => `${overrideFlag(name)} ${String(value)}`;

export interface ResumedOverrides {
  /** The run's stored flags with the ones given now on top. */
  overrides: ConfigOverrides;
  /** What the resumed run keeps and what changes, for its "resuming" line; null when it has no flags and none are new. */
  note: string | null;
}

/**
 * A resumed run keeps the flags it was started with; a flag given again with another value wins and
 * is stored for the next resume.
 */
export const resumeOverrides = (stored: ConfigOverrides, given: ConfigOverrides): ResumedOverrides => {
  const storedEntries = new Map(definedEntries(stored));
  const merged: ConfigOverrides = { ...Object.fromEntries(storedEntries), ...Object.fromEntries(definedEntries(given)) };
  const changes = definedEntries(given).filter(([name, value]) => storedEntries.get(name) !== value);
  const changedNames = new Set(changes.map(([name]) => name));
  const changed = changes.map(([name, value]) => {
    const before = storedEntries.get(name);
    return `${flagText(name, value)} (${before === undefined ? 'new' : `was ${String(before)}`})`;
  });
  const kept = [...storedEntries].filter(([name]) => !changedNames.has(name)).map(([name, value]) => flagText(name, value));
  const parts = [
    ...(kept.length > 0 ? [`keeps ${kept.join(' ')}`] : []),
    ...(changed.length > 0 ? [`applies ${changed.join(', ')}`] : []),
  ];
  return { overrides: merged, note: parts.length === 0 ? null : parts.join('; ') };
};
