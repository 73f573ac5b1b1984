import { z } from 'zod';
import { durationSchema, positiveDurationSchema } from './schema-primitives.js';

export type PathKey = PropertyKey;
type Schema = z.core.$ZodType;

const isDurationBase = (schema: Schema): boolean => schema === durationSchema || schema === positiveDurationSchema;

/**
 * Strips default/optional/nullable wrappers and the transforms that resolve a section (down to the
 * object as written; a duration stays whole); `nullable` says whether null was allowed on the way.
 */
export const unwrapSchema = (schema: Schema): { base: Schema; nullable: boolean } => {
  let current: Schema = schema;
  let nullable = false;
  for (;;) {
    if (current instanceof z.ZodDefault || current instanceof z.ZodPrefault || current instanceof z.ZodOptional) {
      current = current.unwrap();
    } else if (current instanceof z.ZodPipe && !isDurationBase(current)) {
      current = current.in;
    } else if (current instanceof z.ZodNullable) {
      nullable = true;
      current = current.unwrap();
    } else {
      return { base: current, nullable };
    }
  }
};

/** The schema of one child of `schema` (object key, array element, record value), if any. */
export const childSchema = (schema: Schema, key: PathKey): Schema | undefined => {
  const { base } = unwrapSchema(schema);
  if (base instanceof z.ZodObject && typeof key === 'string') {
    return Object.hasOwn(base.shape, key) ? base.shape[key] : undefined;
  }
  if (base instanceof z.ZodArray && typeof key === 'number') return base.element;
  if (base instanceof z.ZodRecord && typeof key === 'string') return base.valueType;
  return undefined;
};

/** The schema at a path, or undefined when the path leaves the schema. */
export const schemaAt = (root: Schema, path: readonly PathKey[]): Schema | undefined => {
  let current: Schema | undefined = root;
  for (const key of path) {
    if (current === undefined) return undefined;
    current = childSchema(current, key);
  }
  return current;
};

/** Keys of the object schema at `schema`, or an empty list. */
export const objectKeys = (schema: Schema): string[] => {
  const { base } = unwrapSchema(schema);
  return base instanceof z.ZodObject ? Object.keys(base.shape) : [];
};

/** Keys an object schema cannot do without (no default, not optional). */
export const requiredKeys = (schema: Schema): string[] => {
  const { base } = unwrapSchema(schema);
  if (!(base instanceof z.ZodObject)) return [];
  return Object.keys(base.shape).filter((key) => {
    const field = childSchema(base, key);
    return field !== undefined && !z.safeParse(field, undefined).success;
  });
};

export const isDuration = (schema: Schema): boolean => isDurationBase(unwrapSchema(schema).base);

const describeNumber = (schema: z.ZodNumber): string => {
  const kind = schema.isInt ? 'an integer' : 'a number';
  const min = schema.minValue;
  const max = schema.maxValue;
  const hasMin = min !== null && Number.isFinite(min) && min > Number.MIN_SAFE_INTEGER;
  const hasMax = max !== null && Number.isFinite(max) && max < Number.MAX_SAFE_INTEGER;
  // zod reports `.positive()` as minValue 0; probing tells > from >=.
  const minOp = hasMin && !schema.safeParse(min).success ? '>' : '>=';
  if (hasMin && hasMax && minOp === '>=') return `${kind} from ${min} to ${max}`;
  if (hasMin && hasMax) return `${kind} ${minOp} ${min} and <= ${max}`;
  if (hasMin) return `${kind} ${minOp} ${min}`;
  if (hasMax) return `${kind} <= ${max}`;
  return kind;
};

const describeBase = (base: Schema): string => {
  if (base === positiveDurationSchema) return 'a duration longer than zero like "90s", "20m" or "1h30m"';
  if (base === durationSchema) return 'a duration like "90s", "20m" or "1h30m" (or a number of seconds)';
  if (base instanceof z.ZodNumber) return describeNumber(base);
  if (base instanceof z.ZodString) return (base.minLength ?? 0) > 0 ? 'a non-empty string' : 'a string';
  if (base instanceof z.ZodBoolean) return 'true or false';
  if (base instanceof z.ZodEnum) return `one of ${base.options.map((option) => JSON.stringify(option)).join(', ')}`;
  if (base instanceof z.ZodArray) {
    const element = unwrapSchema(base.element).base;
    if (element instanceof z.ZodString) return 'an array of strings';
    if (element instanceof z.ZodObject) return 'an array of objects';
    return 'an array';
  }
  if (base instanceof z.ZodRecord) return 'an object of string values';
  if (base instanceof z.ZodObject) return 'an object';
  return 'a valid value';
};

/** Human wording of what a schema accepts: `an integer from 1 to 256`, `a number or null`, ... */
export const describeExpected = (schema: Schema): string => {
  const { base, nullable } = unwrapSchema(schema);
  const text = describeBase(base);
  return nullable ? `${text} or null` : text;
};

/** The allowed literal values of an enum schema, or an empty list. */
export const enumValues = (schema: Schema): string[] => {
  const { base } = unwrapSchema(schema);
  return base instanceof z.ZodEnum ? base.options.map(String) : [];
};
