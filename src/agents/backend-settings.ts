import type { z } from 'zod';
import type { int } from '../config/schema-primitives.js';

/**
 * What a backend's settings section is built with: zod and the config's own primitives, handed in
 * by the config schema. A descriptor module imports zod as a type only, so the CLI can read the
 * registry (`--agent` help) without loading zod (see test/e2e/package/lazy-entry.test.ts).
 */
export interface SettingsKit {
  z: typeof z;
  int: typeof int;
}

/**
 * A backend's own section of `agent` in the config: its key (`agent.<key>`), its one-line
 * description in the JSON Schema and docs/configuration.md, and its zod schema (every field
 * described and defaulted, so `agent.<key>` may be left out).
 */
export interface BackendSettings<Key extends string = string, Schema extends z.ZodType = z.ZodType> {
  key: Key;
  description: string;
  schema: (kit: SettingsKit) => Schema;
}

/** Declares a settings section, keeping its key and schema types for the config's inferred types. */
export const backendSettings = <Key extends string, Schema extends z.ZodType>(settings: BackendSettings<Key, Schema>): BackendSettings<Key, Schema> => settings;

/** What a backend's section resolves to (`config.agent.<key>`). */
export type SettingsOutput<S extends BackendSettings> = z.output<ReturnType<S['schema']>>;
