import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BackendConfig } from '../../src/agents/backend-descriptor.js';
import type { codexSettings } from '../../src/agents/codex/settings.js';
import { AGENT_BACKEND_NAMES, type AgentBackendName } from '../../src/agents/registry.js';
import { EVALUATOR_RUNNER_NAMES, type EvaluatorRunnerName } from '../../src/eval/runners/registry.js';
import type { RunnerEvaluatorConfig } from '../../src/eval/runners/runner-descriptor.js';
import type { slurmSettings } from '../../src/eval/runners/slurm/settings.js';
import { configPlugins } from '../../src/config-assembly/plugins.js';
import { configSchema, type SwarmConfig } from '../../src/config-assembly/schema.js';

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
