import type { EVAL_SANDBOXES } from '../config/evaluator-schema.js';
import type { AGENT_BACKENDS, LOG_LEVELS, SHEPHERD_POLICIES, SwarmConfig } from './schema.js';

export type { SwarmConfig } from './schema.js';

export type AgentBackendName = (typeof AGENT_BACKENDS)[number];
export type ShepherdPolicyName = (typeof SHEPHERD_POLICIES)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];
export type EvalSandbox = (typeof EVAL_SANDBOXES)[number];

export type EvaluatorConfig = SwarmConfig['evaluator'];
/** One evaluation stage with its timeout resolved. */
export type StageConfig = EvaluatorConfig['cascade'][number];
/** evaluator.heldOut resolved: the stages a finalist's held-out evaluation runs. */
export type HeldOutConfig = NonNullable<EvaluatorConfig['heldOut']>;
/** Batch job settings of the slurm runner (evaluator.slurm), durations resolved. */
export type SlurmSettings = EvaluatorConfig['slurm'];

export type AgentConfig = SwarmConfig['agent'];
/** Rate and usage limits: park and continue, or fail. */
export type LimitsConfig = AgentConfig['limits'];
export type ClaudeCodeConfig = AgentConfig['claudeCode'];
export type CodexConfig = AgentConfig['codex'];
export type CommandAgentConfig = AgentConfig['command'];
/** Transport and tool settings of the anthropic and openai backends. */
export type ApiAgentConfig = AgentConfig['api'];
/** The model that plans waves under `shepherd.policy: "llm"`. */
export type LlmShepherdConfig = SwarmConfig['shepherd']['llm'];

/** The stages an evaluation runs: the cascade, or one stage "main" running evaluator.command. */
export const evaluationStages = (evaluator: EvaluatorConfig): StageConfig[] =>
  evaluator.cascade.length > 0
    ? evaluator.cascade
    : [{ name: 'main', command: evaluator.command, timeoutMs: evaluator.timeoutMs, threshold: null, thresholdOn: 'score' }];
export type { AgentSlurmSettings } from '../config/agent-runner-schema.js';
