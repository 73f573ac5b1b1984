import { z } from 'zod';
import { childSchema, objectKeys, unwrapSchema } from './schema-walk.js';

type Schema = z.core.$ZodType;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The default of a left-out key as a user writes it (`"10m"`, not the resolved 600000), or
 * undefined when it has none. Parsing cannot give this: it resolves durations and renames keys.
 */
export const writtenDefault = (schema: Schema): unknown =>
  schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault ? schema.def.defaultValue : undefined;

const fill = (schema: Schema, value: unknown): unknown => {
  const given = value === undefined ? writtenDefault(schema) : value;
  const { base } = unwrapSchema(schema);
  if (base instanceof z.ZodObject && isRecord(given)) return withWrittenDefaults(base, given);
  if (base instanceof z.ZodArray && Array.isArray(given)) return given.map((item) => fill(base.element, item));
  if (base instanceof z.ZodRecord && isRecord(given)) {
    return Object.fromEntries(Object.entries(given).map(([key, item]) => [key, fill(base.valueType, item)]));
  }
  return given;
};

/** `file` with every left-out key of the object `schema` spelled out with its written default, in schema order. */
export const withWrittenDefaults = (schema: Schema, file: Record<string, unknown>): Record<string, unknown> => {
  const entries = objectKeys(schema).map((key): [string, unknown] => {
    const field = childSchema(schema, key);
    return [key, field === undefined ? file[key] : fill(field, file[key])];
  });
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
};
