import type { z } from 'zod';
import type { int, positiveDurationSchema } from '../../config/schema-primitives.js';

/**
 * What a runner's settings section is built with: zod and the config's own primitives, handed in by
 * the config schema (a descriptor module imports zod as a type only, as a backend's does).
 */
export interface RunnerSettingsKit {
  z: typeof z;
  int: typeof int;
  duration: typeof positiveDurationSchema;
}

/** A runner's own section of `evaluator` (`evaluator.<key>`): its description and its zod schema (every field defaulted). */
export interface RunnerSettings<Key extends string = string, Schema extends z.ZodType = z.ZodType> {
  key: Key;
  description: string;
  schema: (kit: RunnerSettingsKit) => Schema;
}

/** What a runner's section resolves to. */
export type RunnerSettingsOutput<S extends RunnerSettings> = z.output<ReturnType<S['schema']>>;

/** Declares a runner's settings section, keeping its key and schema types for the config's inferred types. */
export const runnerSettings = <Key extends string, Schema extends z.ZodType>(settings: RunnerSettings<Key, Schema>): RunnerSettings<Key, Schema> => settings;
