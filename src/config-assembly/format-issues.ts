import { z } from 'zod';
import { didYouMean } from '../config/did-you-mean.js';
import { configSchema } from './schema.js';
import {
  type PathKey, describeExpected, enumValues, isDuration, objectKeys, requiredKeys, schemaAt, unwrapSchema,
} from '../config/schema-walk.js';

type Schema = z.core.$ZodType;

// Keyed by path with array indexes as [] and record keys as *; appended to every problem at that path.
const HINTS: Record<string, string> = {
  evaluator: 'an object with at least a command, e.g. {"command": "python evaluate.py"}',
  'evaluator.command': 'the command that scores a checkout, e.g. "python evaluate.py"',
  'evaluator.cascade[].command': 'the shell command of this stage, e.g. "python evaluate.py --quick"',
  'evaluator.cascade[].name': 'a short name for this stage, e.g. "quick"',
  'evaluator.gpus[]': 'write GPU ids as strings, e.g. ["0", "1"]',
  'evaluator.env.*': 'environment values are strings; quote numbers, e.g. "1"',
  'evaluator.protect[]': 'a glob such as "evaluate.py" or "data/**"',
};

/** `evaluator.cascade[0].command`; the root is `(file)`. */
export const formatPath = (path: readonly PathKey[]): string => {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key))) text += text === '' ? String(key) : `.${String(key)}`;
    else text += `[${JSON.stringify(String(key))}]`;
  }
  return text === '' ? '(file)' : text;
};

const hintKey = (root: Schema, path: readonly PathKey[]): string => {
  const parts: string[] = [];
  let current: Schema | undefined = root;
  for (const key of path) {
    const isRecordKey = current !== undefined && unwrapSchema(current).base instanceof z.ZodRecord;
    parts.push(typeof key === 'number' ? '[]' : isRecordKey ? '.*' : `.${String(key)}`);
    current = current === undefined ? undefined : schemaAt(current, [key]);
  }
  return parts.join('').replace(/^\./, '');
};

const valueAt = (input: unknown, path: readonly PathKey[]): unknown => {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
};

/** Shows a received value briefly: strings quoted, containers by kind. */
export const showValue = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  return String(value);
};

const withHint = (root: Schema, path: readonly PathKey[], text: string): string => {
  const hint = HINTS[hintKey(root, path)];
  return hint === undefined ? text : `${text} — ${hint}`;
};

const describeMissing = (root: Schema, path: readonly PathKey[]): string[] => {
  const schema = schemaAt(root, path);
  const required = schema === undefined ? [] : requiredKeys(schema);
  if (required.length > 0) return required.flatMap((key) => describeMissing(root, [...path, key]));
  const hint = HINTS[hintKey(root, path)];
  return [`${formatPath(path)}: required${hint === undefined ? '' : ` — ${hint}`}`];
};

const describeIssue = (root: Schema, issue: z.core.$ZodIssue, input: unknown): string[] => {
  const { path } = issue;
  if (issue.code === 'unrecognized_keys') {
    const container = schemaAt(root, path);
    const known = container === undefined ? [] : objectKeys(container);
    return issue.keys.map((key) => {
      const suggestion = didYouMean(key, known);
      const help = suggestion !== '' ? suggestion : `; known keys: ${known.join(', ')}`;
      return `${formatPath([...path, key])}: unknown key${help}`;
    });
  }
  const schema = schemaAt(root, path);
  const received = valueAt(input, path);
  if (received === undefined) return describeMissing(root, path);
  if (schema === undefined || (issue.code === 'custom' && !isDuration(schema))) {
    return [`${formatPath(path)}: ${issue.message}`];
  }
  const suggestion = typeof received === 'string' ? didYouMean(received, enumValues(schema)) : '';
  const text = `expected ${describeExpected(schema)}, got ${showValue(received)}${suggestion}`;
  return [withHint(root, path, `${formatPath(path)}: ${text}`)];
};

/**
 * Turns zod issues into one line per problem, `dot.path: what was expected, got what, hint`,
 * at most one line per path, in the order zod found them.
 */
export const formatConfigIssues = (
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  root: Schema = configSchema,
): string[] => {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    for (const line of describeIssue(root, issue, input)) {
      const key = line.slice(0, line.indexOf(': '));
      if (!byPath.has(key)) byPath.set(key, line);
    }
  }
  return [...byPath.values()];
};
