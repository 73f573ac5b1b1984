import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SwarmError } from '../../src/core/domain/errors.js';
import { replaceGeneratedDocs } from '../../src/config-assembly/config-docs.js';
import { completeConfigFile, defaultConfigFile } from '../../src/config-assembly/default-config.js';
import { configJsonSchema } from '../../src/config-assembly/write-schema.js';
import { validateConfig } from '../../src/config-assembly/validate-config.js';

const repoFile = (name: string): string => fileURLToPath(new URL(`../../${name}`, import.meta.url));

const keyPaths = (value: unknown, prefix = ''): string[] => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix === '' ? key : `${prefix}.${key}`));
};

describe('generated files', () => {
  it('schema.json matches the zod schema', async () => {
    const committed: unknown = JSON.parse(await readFile(repoFile('schema.json'), 'utf8'));
    expect(committed, 'schema.json is stale: run `npm run schema` and commit the result').toEqual(configJsonSchema());
  });

  it('docs/configuration.md lists the keys of the zod schema', async () => {
    const committed = await readFile(repoFile('docs/configuration.md'), 'utf8');
    expect(committed, 'docs/configuration.md is stale: run `npm run schema` and commit the result').toBe(replaceGeneratedDocs(committed));
  });

  it('the JSON Schema describes every key and requires only the evaluator command', () => {
    const schema = configJsonSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['evaluator']);
    const evaluator = schema.properties?.evaluator;
    expect(typeof evaluator === 'object' && evaluator.required).toEqual(['command']);
    const undocumented = Object.entries(schema.properties ?? {})
      .flatMap(([key, section]) => typeof section === 'object'
        ? Object.entries(section.properties ?? {}).filter(([, field]) => typeof field !== 'object' || !field.description).map(([name]) => `${key}.${name}`)
        : [key]);
    expect(undocumented).toEqual([]);
  });
});

describe('.swarmrc.example.json', () => {
  it('validates and sets every key of the schema', async () => {
    const example: unknown = JSON.parse(await readFile(repoFile('.swarmrc.example.json'), 'utf8'));
    const result = validateConfig(example);
    expect(result.ok ? [] : result.problems).toEqual([]);
    const allKeys = keyPaths(defaultConfigFile({ command: 'x' })).filter((key) => !key.startsWith('evaluator.cascade'));
    const exampleKeys = new Set(keyPaths(example));
    expect(allKeys.filter((key) => !exampleKeys.has(key))).toEqual([]);
  });
});

describe('defaultConfigFile', () => {
  it('spells out every default around the given evaluator', () => {
    const file = defaultConfigFile({ command: 'python evaluate.py', metric: 'loss', direction: 'minimize' });
    expect(file.$schema).toBe('./.swarm/schema.json');
    expect(file.evaluator).toMatchObject({ command: 'python evaluate.py', timeout: '10m', cascade: [] });
    expect(file.objective).toEqual({ metric: 'loss', direction: 'minimize', metrics: [], constraints: [] });
    expect(file.budget).toEqual({ attempts: 40, waves: 0, wallClock: '0', costUsd: 0, tokens: 0, evaluations: 0, selfEvaluations: 100 });
    const result = validateConfig(JSON.parse(JSON.stringify(file)));
    expect(result.ok && result.config.objective.direction).toBe('minimize');
  });

  it('spells out defaults as a user writes them, inside stages and records too, and keeps what was given', () => {
    const file = completeConfigFile({
      evaluator: { command: 'x', timeout: 90, cascade: [{ name: 'quick', command: 'q' }], heldOut: { command: 'h' } },
      agent: { prices: { m: { input: 1, output: 2 } } },
    });
    expect(file.evaluator).toMatchObject({
      timeout: 90,
      cascade: [{ name: 'quick', command: 'q', threshold: null, thresholdOn: 'score' }],
      heldOut: { command: 'h', cascade: [], finalists: 3 },
      slurm: { pollInterval: '1s', retries: 1 },
    });
    expect(file.agent).toMatchObject({ timeout: '20m', prices: { m: { input: 1, output: 2 } }, limits: { park: true, backoff: '1m', maxBackoff: '30m' } });
    expect(file.budget).toEqual({ attempts: 40, waves: 0, wallClock: '0', costUsd: 0, tokens: 0, evaluations: 0, selfEvaluations: 100 });
    expect(Object.keys(file)[0]).toBe('$schema');
  });

  it('refuses an empty evaluator command with a usage error', () => {
    expect(() => defaultConfigFile({ command: '' })).toThrow(SwarmError);
    expect(() => defaultConfigFile({ command: '' })).toThrow(/evaluator\.command: expected a non-empty string/);
  });
});
