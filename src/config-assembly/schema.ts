import type { z } from 'zod';
import { AGENT_BACKEND_NAMES } from '../agents/registry.js';
import type { ConfigInputOf, ConfigOf, SharedConfig, SharedConfigInput } from '../config/config-types.js';
import { configSchemaFor } from '../config/schema.js';
import { configPlugins, type RegisteredPlugins } from './plugins.js';

export { SHEPHERD_POLICIES, LOG_LEVELS, DIRECTIONS } from '../config/schema.js';

/** The agent backends, as the registry (`agents/registry.ts`) names them. */
export const AGENT_BACKENDS = AGENT_BACKEND_NAMES;

/** The resolved configuration: plain data, every default filled, every duration in milliseconds. */
export type SwarmConfig = ConfigOf<RegisteredPlugins>;

/** What a `.swarmrc.json` may contain (defaults optional). */
export type SwarmConfigInput = ConfigInputOf<RegisteredPlugins>;

const sharedSchema: z.ZodType<SharedConfig, SharedConfigInput> = configSchemaFor(configPlugins);

/**
 * The schema of `.swarmrc.json`, built from the registries: the config's schema with every backend's
 * and runner's names and sections. Its type is the one those sections give (the schema's own type
 * knows only the shared settings): the entries are those of the same registries, added one by one.
 */
export const configSchema = sharedSchema as z.ZodType<SwarmConfig, SwarmConfigInput>;
