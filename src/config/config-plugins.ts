import type { z } from 'zod';
import type { int, positiveDurationSchema } from './schema-primitives.js';

/**
 * What the plugins (agent backends, evaluator runners) hand the config schema, read from their
 * registries by the room above both (`src/config-assembly/plugins.ts`): the config imports no
 * registry and no plugin, so a plugin may type itself on the config's shared settings.
 */
export interface ConfigPlugins {
  backends: {
    /** `agent.backend` and a pool entry's backend, in registry order (the first is the default). */
    names: readonly [string, ...string[]];
    /** Each backend's own section of `agent` (`agent.<key>`), in registry order. */
    sections: ReadonlyArray<PluginSection<AgentSettingsKit>>;
    /** Those agent.runner "slurm" may run as a batch job. */
    slurmJob: readonly string[];
    /** Those that read agent.mode: in "diff" they stay in the driver. */
    diffMode: readonly string[];
    /** Those on a model API of swarm's own, as `shepherd.llm.backend` (the first is the default). */
    modelApi: readonly string[];
  };
  runners: {
    /** `evaluator.runner`, in registry order (the first is the default). */
    names: readonly [string, ...string[]];
    /** Each runner's own section of `evaluator` (`evaluator.<key>`), in registry order. */
    sections: ReadonlyArray<PluginSection<RunnerSettingsKit>>;
  };
}

/** A plugin's own section: which plugin declares it, its key, its description and its zod schema built from the kit the config hands in. */
export interface PluginSection<Kit> {
  /** The backend or runner declaring it (named in the message when its key collides). */
  plugin: string;
  key: string;
  description: string;
  schema: (kit: Kit) => z.ZodType;
}

/** What a backend's settings section is built with: zod and the config's own primitives. */
export interface AgentSettingsKit {
  z: typeof z;
  int: typeof int;
}

/** What a runner's settings section is built with: a backend's kit and the config's durations. */
export interface RunnerSettingsKit extends AgentSettingsKit {
  duration: typeof positiveDurationSchema;
}
