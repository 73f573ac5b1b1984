import { describe, expect, expectTypeOf, it } from 'vitest';
import { isSwarmError } from '../../src/core/domain/errors.js';
import type { ConfigPlugins } from '../../src/config/config-plugins.js';
import type { ConfigOf } from '../../src/config/config-types.js';
import { configSchemaFor } from '../../src/config/schema.js';

// Plugins written here, not read from a registry: the config builds its schema from whatever it is handed.
const plugins = (overrides: Partial<ConfigPlugins['backends']> = {}): ConfigPlugins => ({
  backends: {
    names: ['mock', 'batch'],
    sections: [{ plugin: 'batch', key: 'batch', description: 'Settings of the "batch" backend.', schema: ({ z }) => z.strictObject({ binary: z.string().default('batch-cli') }) }],
    slurmJob: ['batch'],
    diffMode: [],
    modelApi: ['mock'],
    ...overrides,
  },
  runners: {
    names: ['here', 'queue'],
    sections: [{ plugin: 'queue', key: 'queue', description: 'Settings of the "queue" runner.', schema: ({ z, duration }) => z.strictObject({ poll: duration.prefault('2s') }) }],
  },
});

type Plugins = {
  backend: 'mock' | 'batch';
  modelApiBackend: 'mock';
  runner: 'here' | 'queue';
  agentSections: { batch: ReturnType<ConfigPlugins['backends']['sections'][number]['schema']> };
  runnerSections: { queue: ReturnType<ConfigPlugins['runners']['sections'][number]['schema']> };
};

describe('configSchemaFor', () => {
  it('builds the backends\' and runners\' names and sections from the plugins it is handed', () => {
    const schema = configSchemaFor(plugins());
    const config = schema.parse({ agent: { backend: 'batch' }, evaluator: { command: 'true', runner: 'queue', queue: { poll: '5s' } } });
    expect(config.agent.backend).toBe('batch');
    expect(config.agent).toMatchObject({ batch: { binary: 'batch-cli' } });
    expect(config.evaluator).toMatchObject({ runner: 'queue', queue: { poll: 5000 } });
    expect(config.shepherd.llm.backend).toBe('mock');
    expect(schema.safeParse({ agent: { backend: 'other' }, evaluator: { command: 'true' } }).success).toBe(false);
    expect(schema.safeParse({ agent: { batch: { nope: 1 } }, evaluator: { command: 'true' } }).success).toBe(false);
    expect(schema.safeParse({ agent: { pool: [{ backend: 'batch', batch: { binary: 'b2' } }] }, evaluator: { command: 'true' } }).success).toBe(true);
  });

  it('places on Slurm only the backends the plugins say can run as a batch job', () => {
    const schema = configSchemaFor(plugins());
    expect(schema.safeParse({ agent: { backend: 'batch', runner: 'slurm' }, evaluator: { command: 'true' } }).success).toBe(true);
    const refused = schema.safeParse({ agent: { backend: 'mock', runner: 'slurm' }, evaluator: { command: 'true' } });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([expect.stringContaining('the "mock" backend (agent.backend) runs inside the driver')]);
  });

  it('refuses a plugin section whose key a shared setting already has, naming the plugin', () => {
    const clash = plugins({ sections: [{ plugin: 'batch', key: 'model', description: '', schema: ({ z }) => z.strictObject({}) }] });
    let thrown: unknown = null;
    try {
      configSchemaFor(clash);
    } catch (error) {
      thrown = error;
    }
    expect(isSwarmError(thrown) ? thrown.message : thrown).toContain('backend batch declares agent.model');
  });

  it('types a config with given plugins: their names and sections, each section typed by its schema', () => {
    expectTypeOf<ConfigOf<Plugins>['agent']['backend']>().toEqualTypeOf<'mock' | 'batch'>();
    expectTypeOf<ConfigOf<Plugins>['evaluator']['runner']>().toEqualTypeOf<'here' | 'queue'>();
    expectTypeOf<ConfigOf<Plugins>['shepherd']['llm']['backend']>().toEqualTypeOf<'mock'>();
    expectTypeOf<ConfigOf<Plugins>['agent']>().toHaveProperty('batch');
    expectTypeOf<ConfigOf<Plugins>['evaluator']>().toHaveProperty('queue');
    expectTypeOf<ConfigOf<Plugins>['agent']['timeoutMs']>().toEqualTypeOf<number>();
  });
});
