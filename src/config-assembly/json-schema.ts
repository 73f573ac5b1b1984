import { z } from 'zod';
import { configSchema } from './schema.js';

/** The JSON Schema (draft 2020-12) of `.swarmrc.json`, as committed in schema.json. */
export const configJsonSchema = (): z.core.JSONSchema.BaseSchema => ({
  ...z.toJSONSchema(configSchema, { target: 'draft-2020-12', io: 'input' }),
  title: 'swarm configuration (.swarmrc.json)',
});

/** schema.json as written to disk: two-space indentation and a final newline. */
export const configJsonSchemaText = (): string => `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
