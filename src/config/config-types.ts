import type { z } from 'zod';
import type { SharedConfigSchema } from './schema.js';

/** The resolved config's shared settings: every key but the plugins' own sections, backend and runner names as strings. */
export type SharedConfig = z.output<SharedConfigSchema>;
/** What a `.swarmrc.json` may contain of the shared settings (defaults optional). */
export type SharedConfigInput = z.input<SharedConfigSchema>;
export type SharedAgentConfig = SharedConfig['agent'];
export type SharedEvaluatorConfig = SharedConfig['evaluator'];

/** What the registries add to the config's types: the names they accept and each plugin's own section (key → its zod schema). */
export interface PluginTypes {
  backend: string;
  modelApiBackend: string;
  runner: string;
  agentSections: Record<string, z.ZodType>;
  runnerSections: Record<string, z.ZodType>;
}

type Override<A, B> = Omit<A, keyof B> & B;
type Flat<T> = { [K in keyof T]: T[K] };
type SectionsOut<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.output<S[K]> };
type OptionalSectionsOut<S extends Record<string, z.ZodType>> = { [K in keyof S]?: z.output<S[K]> };
type SectionsIn<S extends Record<string, z.ZodType>> = { [K in keyof S]?: z.input<S[K]> };

type SharedPoolEntry = SharedAgentConfig['pool'][number];
type SharedLlm = SharedConfig['shepherd']['llm'];

/** The resolved config with these plugins: the shared settings, the registries' names and every plugin's section. */
export type ConfigOf<T extends PluginTypes> = Flat<Override<SharedConfig, {
  agent: Flat<Override<SharedAgentConfig, {
    backend: T['backend'];
    pool: Array<Flat<Override<SharedPoolEntry, { backend: T['backend'] }> & OptionalSectionsOut<T['agentSections']>>>;
  }> & SectionsOut<T['agentSections']>>;
  evaluator: Flat<Override<SharedEvaluatorConfig, { runner: T['runner'] }> & SectionsOut<T['runnerSections']>>;
  shepherd: Flat<Override<SharedConfig['shepherd'], { llm: Flat<Override<SharedLlm, { backend: T['modelApiBackend'] }>> }>>;
}>>;

type AgentInput = NonNullable<SharedConfigInput['agent']>;
type PoolEntryInput = NonNullable<AgentInput['pool']>[number];
type ShepherdInput = NonNullable<SharedConfigInput['shepherd']>;
type LlmInput = NonNullable<ShepherdInput['llm']>;

/** What a `.swarmrc.json` may contain with these plugins (defaults optional). */
export type ConfigInputOf<T extends PluginTypes> = Override<SharedConfigInput, {
  agent?: Override<AgentInput, {
    backend?: T['backend'];
    pool?: Array<Override<PoolEntryInput, { backend: T['backend'] }> & SectionsIn<T['agentSections']>>;
  }> & SectionsIn<T['agentSections']>;
  evaluator: Override<SharedConfigInput['evaluator'], { runner?: T['runner'] }> & SectionsIn<T['runnerSections']>;
  shepherd?: Override<ShepherdInput, { llm?: Override<LlmInput, { backend?: T['modelApiBackend'] }> }>;
}>;

/** The config a plugin with its own section `Key` (schema `Schema`) reads: the shared settings and that section. */
export type ConfigWithAgentSection<Key extends string, Schema extends z.ZodType> =
  Override<SharedConfig, { agent: SharedAgentConfig & { [K in Key]: z.output<Schema> } }>;
/** The evaluator config a runner with its own section `Key` (schema `Schema`) reads. */
export type EvaluatorWithSection<Key extends string, Schema extends z.ZodType> = SharedEvaluatorConfig & { [K in Key]: z.output<Schema> };

/**
 * A function type whose parameters are checked both ways, as a method's are: a plugin's functions
 * take the config typed with its own section, and a registry lists it among plugins typed on the
 * shared settings; every caller hands it the whole config, which has every section.
 */
export type PluginFunction<Args extends unknown[], Result> = { bivariant(...args: Args): Result }['bivariant'];
