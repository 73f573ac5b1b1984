import { SwarmError } from '../core/errors.js';
import type { Direction } from '../core/score.js';
import { parseDuration } from './duration.js';
import type { EvaluatorConfig, HeldOutConfig, StageConfig } from './evaluator-config.js';
import type { AGENT_BACKENDS, LOG_LEVELS, ParsedConfig, SHEPHERD_POLICIES } from './schema.js';

export type AgentBackendName = (typeof AGENT_BACKENDS)[number];
export type ShepherdPolicyName = (typeof SHEPHERD_POLICIES)[number];
export type LogLevel = (typeof LOG_LEVELS)[number];
export type { EvalSandbox, EvaluatorConfig, HeldOutConfig, SlurmSettings, StageConfig } from './evaluator-config.js';

export interface AgentConfig {
  backend: AgentBackendName;
  model: string | null;
  timeoutMs: number;
  maxTurns: number;
  /** Attempts in a row failing with the same agent error that stop the run; 0 = never. */
  maxConsecutiveFailures: number;
  /** Path relative to the repository root, or null for the built-in instructions. */
  systemPrompt: string | null;
  local: { explorerMutations: number; optimizerSteps: number; stepScale: number };
  /** USD per million tokens, by model name. */
  prices: Record<string, { input: number; output: number; cachedInput?: number }>;
  /** Base URL of the model API (anthropic/openai backends), or null for the environment / default. */
  baseUrl: string | null;
  mode: 'agent' | 'diff';
  /** Per-attempt limits of API backends; 0 = unlimited. */
  maxTokens: number;
  maxCostUsd: number;
  api: ApiAgentConfig;
  limits: LimitsConfig;
  diff: { resamples: number; fullRewrite: boolean; inspirations: number };
  claudeCode: ClaudeCodeConfig;
  codex: CodexConfig;
  command: CommandAgentConfig;
}

/** Rate and usage limits: park and continue, or fail. */
export interface LimitsConfig {
  park: boolean;
  backoffMs: number;
  maxBackoffMs: number;
}

/** Settings of the claude-code backend. */
export interface ClaudeCodeConfig {
  binary: string;
  permissionMode: 'acceptEdits' | 'bypassPermissions' | 'default' | 'plan';
  maxBudgetUsd: number | null;
  extraArgs: string[];
}

/** Settings of the codex backend. */
export interface CodexConfig {
  binary: string;
  sandbox: 'read-only' | 'workspace-write' | 'danger-full-access';
  extraArgs: string[];
  configOverrides: Record<string, string>;
}

/** Settings of the generic command backend. */
export interface CommandAgentConfig {
  argv: string[];
  output: 'text' | 'json';
  summaryPath: string | null;
  inputTokensPath: string | null;
  outputTokensPath: string | null;
  costUsdPath: string | null;
}

/** Transport and tool settings of the anthropic and openai backends. */
export interface ApiAgentConfig {
  maxRetries: number;
  requestTimeoutMs: number;
  maxOutputTokens: number;
  commandTimeoutMs: number;
  outputChars: number;
}

/** The model that plans waves under `shepherd.policy: "llm"`. */
export interface LlmShepherdConfig {
  backend: 'anthropic' | 'openai';
  model: string | null;
  baseUrl: string | null;
  waveSize: number | null;
}

/** The resolved configuration: plain data, every default filled, every duration in milliseconds. */
export interface SwarmConfig {
  task: { prompt: string; description: string; solutionFiles: string[] };
  objective: { metric: string; direction: Direction };
  evaluator: EvaluatorConfig;
  agent: AgentConfig;
  shepherd: {
    policy: ShepherdPolicyName;
    initialExplorers: number;
    waveSize: number;
    leaders: number;
    plateauWaves: number;
    mergeEvery: number;
    /** Evaluator metric naming an attempt's niche (behavior descriptor); null = lineages. */
    niche: string | null;
    seed: number;
    llm: LlmShepherdConfig;
    schedule: 'waves' | 'async';
    evolve: {
      islands: number;
      featureDimensions: string[];
      gridSize: number;
      explorationRatio: number;
      exploitationRatio: number;
      eliteRatio: number;
      migrationInterval: number;
      migrationRate: number;
      inspirations: number;
    };
    rsi: { discount: number; beta: number; gamma: number; k: number };
  };
  /** waves, wallClockMs, costUsd, tokens and evaluations: 0 means unlimited. */
  budget: { attempts: number; waves: number; wallClockMs: number; costUsd: number; tokens: number; evaluations: number };
  concurrency: { agents: number; evaluations: number };
  log: { level: LogLevel };
}

// The schema has already checked every duration, so null here would be a bug in the schema.
const ms = (value: string | number, path: string): number => {
  const parsed = parseDuration(value);
  if (parsed === null) throw new SwarmError('INTERNAL', `${path}: schema accepted a non-duration ${JSON.stringify(value)}`);
  return parsed;
};

/** Turns a validated file into the resolved {@link SwarmConfig}. */
export const resolveConfig = (parsed: ParsedConfig): SwarmConfig => {
  const { evaluator, agent } = parsed;
  const timeoutMs = ms(evaluator.timeout, 'evaluator.timeout');
  return {
    task: { ...parsed.task, solutionFiles: [...parsed.task.solutionFiles] },
    objective: { ...parsed.objective },
    evaluator: {
      command: evaluator.command,
      timeoutMs,
      protect: [...evaluator.protect],
      artifacts: [...evaluator.artifacts],
      passEnv: [...evaluator.passEnv],
      cascade: evaluator.cascade.map((stage, index) => ({
        name: stage.name,
        command: stage.command,
        timeoutMs: stage.timeout === undefined ? timeoutMs : ms(stage.timeout, `evaluator.cascade[${index}].timeout`),
        threshold: stage.threshold,
        thresholdOn: stage.thresholdOn,
      })),
      confirm: evaluator.confirm,
      noiseCheck: evaluator.noiseCheck,
      env: { ...evaluator.env },
      gpus: [...evaluator.gpus],
      gpusPerEvaluation: gpusPerEvaluation(evaluator.gpus.length, evaluator.gpusPerEvaluation),
      heldOut: heldOutConfig(evaluator.heldOut, timeoutMs),
      tailBytes: evaluator.tailBytes,
      runner: evaluator.runner,
      slurm: {
        partition: evaluator.slurm.partition,
        gpus: evaluator.slurm.gpus,
        gres: evaluator.slurm.gres,
        cpus: evaluator.slurm.cpus,
        memory: evaluator.slurm.memory,
        extraArgs: [...evaluator.slurm.extraArgs],
        pollMs: ms(evaluator.slurm.pollInterval, 'evaluator.slurm.pollInterval'),
        retries: evaluator.slurm.retries,
      },
      wrap: [...evaluator.wrap],
      sandbox: evaluator.sandbox,
      network: evaluator.network,
    },
    agent: {
      backend: agent.backend,
      model: agent.model,
      timeoutMs: ms(agent.timeout, 'agent.timeout'),
      maxTurns: agent.maxTurns,
      maxConsecutiveFailures: agent.maxConsecutiveFailures,
      systemPrompt: agent.systemPrompt,
      local: { ...agent.local },
      prices: { ...agent.prices },
      baseUrl: agent.baseUrl,
      mode: agent.mode,
      maxTokens: agent.maxTokens,
      maxCostUsd: agent.maxCostUsd,
      api: {
        maxRetries: agent.api.maxRetries,
        requestTimeoutMs: ms(agent.api.requestTimeout, 'agent.api.requestTimeout'),
        maxOutputTokens: agent.api.maxOutputTokens,
        commandTimeoutMs: ms(agent.api.commandTimeout, 'agent.api.commandTimeout'),
        outputChars: agent.api.outputChars,
      },
      limits: {
        park: agent.limits.park,
        backoffMs: ms(agent.limits.backoff, 'agent.limits.backoff'),
        maxBackoffMs: ms(agent.limits.maxBackoff, 'agent.limits.maxBackoff'),
      },
      diff: { ...agent.diff },
      claudeCode: { ...agent.claudeCode, extraArgs: [...agent.claudeCode.extraArgs] },
      codex: { ...agent.codex, extraArgs: [...agent.codex.extraArgs], configOverrides: { ...agent.codex.configOverrides } },
      command: { ...agent.command, argv: [...agent.command.argv] },
    },
    shepherd: {
      ...parsed.shepherd,
      llm: { ...parsed.shepherd.llm },
      evolve: { ...parsed.shepherd.evolve, featureDimensions: [...parsed.shepherd.evolve.featureDimensions] },
      rsi: { ...parsed.shepherd.rsi },
    },
    budget: {
      attempts: parsed.budget.attempts,
      waves: parsed.budget.waves,
      wallClockMs: ms(parsed.budget.wallClock, 'budget.wallClock'),
      costUsd: parsed.budget.costUsd,
      tokens: parsed.budget.tokens,
      evaluations: parsed.budget.evaluations,
    },
    concurrency: { ...parsed.concurrency },
    log: { ...parsed.log },
  };
};

const gpusPerEvaluation = (pool: number, per: number): number => {
  if (pool > 0 && per > pool) {
    throw new SwarmError('CONFIG_INVALID', `evaluator.gpusPerEvaluation is ${per} but evaluator.gpus lists ${pool}; list more GPUs or lower evaluator.gpusPerEvaluation`);
  }
  return per;
};

const heldOutConfig = (heldOut: ParsedConfig['evaluator']['heldOut'], defaultTimeoutMs: number): HeldOutConfig | null => {
  if (heldOut === null) return null;
  const timeoutMs = heldOut.timeout === undefined ? defaultTimeoutMs : ms(heldOut.timeout, 'evaluator.heldOut.timeout');
  const stages: StageConfig[] = heldOut.cascade.length > 0
    ? heldOut.cascade.map((stage, index) => ({
      name: stage.name,
      command: stage.command,
      timeoutMs: stage.timeout === undefined ? timeoutMs : ms(stage.timeout, `evaluator.heldOut.cascade[${index}].timeout`),
      threshold: stage.threshold,
      thresholdOn: stage.thresholdOn,
    }))
    : heldOut.command === null ? [] : [{ name: 'held-out', command: heldOut.command, timeoutMs, threshold: null, thresholdOn: 'score' }];
  if (stages.length === 0) throw new SwarmError('CONFIG_INVALID', 'evaluator.heldOut has neither a command nor a cascade; set evaluator.heldOut.command, or set evaluator.heldOut to null');
  return { stages, finalists: heldOut.finalists };
};

/** The stages an evaluation runs: the cascade, or one stage "main" running evaluator.command. */
export const evaluationStages = (evaluator: EvaluatorConfig): StageConfig[] =>
  evaluator.cascade.length > 0
    ? evaluator.cascade
    : [{ name: 'main', command: evaluator.command, timeoutMs: evaluator.timeoutMs, threshold: null, thresholdOn: 'score' }];
