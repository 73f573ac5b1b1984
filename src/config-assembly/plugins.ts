import type { ConfigPlugins } from '../config/config-plugins.js';
import { AGENT_BACKEND_NAMES, AGENT_BACKEND_REGISTRY, agentBackend, type AgentBackendName } from '../agents/registry.js';
import { EVALUATOR_RUNNER_NAMES, EVALUATOR_RUNNER_REGISTRY, EVALUATOR_RUNNERS, type EvaluatorRunnerName } from '../eval/runners/registry.js';

type AgentRegistry = typeof AGENT_BACKEND_REGISTRY;
type AgentSettings = NonNullable<AgentRegistry[keyof AgentRegistry]['settings']>;
type RunnerRegistry = typeof EVALUATOR_RUNNER_REGISTRY;
type RunnerSettings = NonNullable<RunnerRegistry[keyof RunnerRegistry]['settings']>;

/** `agent.<key>` of every backend with settings of its own → the zod schema its descriptor builds. */
export type AgentSectionSchemas = { [S in AgentSettings as S['key']]: ReturnType<S['schema']> };
/** `evaluator.<key>` of every runner with settings of its own → the zod schema its descriptor builds. */
export type RunnerSectionSchemas = { [S in RunnerSettings as S['key']]: ReturnType<S['schema']> };

/** What the two registries add to the config's types (`ConfigOf` of `config/config-types.ts`). */
export type RegisteredPlugins = {
  backend: AgentBackendName;
  modelApiBackend: AgentBackendName;
  runner: EvaluatorRunnerName;
  agentSections: AgentSectionSchemas;
  runnerSections: RunnerSectionSchemas;
};

/**
 * The backends with a trait of their descriptor, in registry order: which of them agent.runner
 * "slurm" can place on a node (`slurmJob`), which stay in the driver in diff mode (`diffMode`),
 * and which run a model API of swarm's own, as the Shepherd's model can (`modelProvider`).
 */
export const backendsWith = (trait: 'slurmJob' | 'diffMode' | 'modelProvider'): AgentBackendName[] =>
  AGENT_BACKEND_NAMES.filter((name) => {
    const descriptor = agentBackend(name);
    return trait === 'modelProvider' ? descriptor.modelProvider !== undefined : descriptor.capabilities[trait];
  });

/** The registries as the config schema takes them: names, capability lists and every plugin's own section, in registry order. */
export const configPlugins: ConfigPlugins = {
  backends: {
    names: AGENT_BACKEND_NAMES,
    sections: AGENT_BACKEND_NAMES.flatMap((name) => {
      const { settings } = agentBackend(name);
      return settings === null ? [] : [{ plugin: name, ...settings }];
    }),
    slurmJob: backendsWith('slurmJob'),
    diffMode: backendsWith('diffMode'),
    modelApi: backendsWith('modelProvider'),
  },
  runners: {
    names: EVALUATOR_RUNNER_NAMES,
    sections: Object.entries(EVALUATOR_RUNNERS).flatMap(([name, { settings }]) => (settings === null ? [] : [{ plugin: name, ...settings }])),
  },
};
