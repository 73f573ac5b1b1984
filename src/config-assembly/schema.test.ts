import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BackendConfig } from '../agents/backend-descriptor.js';
import type { codexSettings } from '../agents/codex/settings.js';
import { AGENT_BACKEND_NAMES, type AgentBackendName } from '../agents/registry.js';
import { EVALUATOR_RUNNER_NAMES, type EvaluatorRunnerName } from '../eval/runners/registry.js';
import type { RunnerEvaluatorConfig } from '../eval/runners/runner-descriptor.js';
import type { slurmSettings } from '../eval/runners/slurm/settings.js';
import { configPlugins } from './plugins.js';
import { configSchema, type SwarmConfig } from './schema.js';

describe('the config assembled from the registries', () => {
  it('hands the config every registered backend and runner, in registry order', () => {
    expect(configPlugins.backends.names).toEqual(AGENT_BACKEND_NAMES);
    expect(configPlugins.runners.names).toEqual(EVALUATOR_RUNNER_NAMES);
    const config = configSchema.parse({ evaluator: { command: 'true' } });
    for (const { key } of configPlugins.backends.sections) expect(Object.keys(config.agent)).toContain(key);
    for (const { key } of configPlugins.runners.sections) expect(Object.keys(config.evaluator)).toContain(key);
  });

  it('types the registries\' names and sections, and the whole config reaches a plugin typed on its own section', () => {
    expectTypeOf<SwarmConfig['agent']['backend']>().toEqualTypeOf<AgentBackendName>();
    expectTypeOf<SwarmConfig['evaluator']['runner']>().toEqualTypeOf<EvaluatorRunnerName>();
    expectTypeOf<SwarmConfig['agent']['codex']['binary']>().toEqualTypeOf<string>();
    expectTypeOf<SwarmConfig['evaluator']['slurm']['pollMs']>().toEqualTypeOf<number>();
    expectTypeOf<SwarmConfig>().toExtend<BackendConfig<typeof codexSettings>>();
    expectTypeOf<SwarmConfig['evaluator']>().toExtend<RunnerEvaluatorConfig<typeof slurmSettings>>();
  });
});
