export { configSchema, type SwarmConfigInput, AGENT_BACKENDS, SHEPHERD_POLICIES, LOG_LEVELS } from './schema.js';
export {
  type SwarmConfig, type StageConfig, type EvaluatorConfig, type HeldOutConfig, type SlurmSettings, type AgentConfig,
  type AgentBackendName, type ShepherdPolicyName, type LogLevel, evaluationStages,
} from './resolve-config.js';
export { parseDuration } from '../core/domain/duration.js';
export { type WorkspaceConfig, DEFAULT_SETUP_KEY } from '../config/workspace-schema.js';
export { loadConfig, CONFIG_FILE_NAME, type LoadedConfig, type LoadConfigOptions } from './load-config.js';
export { overrideFlag, type ConfigOverrides } from '../config/overrides.js';
export { validateConfig, type ConfigValidation } from './validate-config.js';
export { formatConfigIssues } from './format-issues.js';
export { defaultConfigFile, completeConfigFile, SCHEMA_REFERENCE, type DefaultConfigOptions } from './default-config.js';
export { configJsonSchema, configJsonSchemaText } from './json-schema.js';
