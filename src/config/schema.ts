import { z } from 'zod';
import { DURATION_PATTERN, parseDuration } from './duration.js';

export const AGENT_BACKENDS = ['local', 'claude-code', 'codex', 'anthropic', 'openai', 'command'] as const;
export const SHEPHERD_POLICIES = ['rules', 'greedy', 'swarm', 'evolve', 'rsi', 'llm'] as const;
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'silent'] as const;
export const DIRECTIONS = ['maximize', 'minimize'] as const;

/** A duration: `"500ms"`, `"90s"`, `"20m"`, `"1h30m"`, or a plain number of seconds. */
export const durationSchema = z.union([
  z.string().regex(DURATION_PATTERN),
  z.number().nonnegative(),
]);

/** A duration that must be longer than zero (timeouts: a hung process must eventually be stopped). */
export const positiveDurationSchema = durationSchema.refine((value) => (parseDuration(value) ?? 0) > 0);

const int = (min: number, max?: number) => {
  const base = z.number().int().min(min);
  return max === undefined ? base : base.max(max);
};

const stageSchema = z.strictObject({
  name: z.string().min(1).describe('Stage name, shown in status and passed to the evaluator as SWARM_STAGE.'),
  command: z.string().min(1).describe('Shell command of this stage, run in the attempt checkout.'),
  timeout: positiveDurationSchema.optional()
    .describe('Timeout of this stage; defaults to evaluator.timeout.'),
  threshold: z.number().nullable().default(null)
    .describe('The primary metric must reach this value (>= when maximizing, <= when minimizing) for the next stage to run; null = always go on.'),
});

const taskSchema = z.strictObject({
  prompt: z.string().min(1).default('prompt.md').describe('Path of the task prompt file, relative to the repository root.'),
  description: z.string().default('').describe('Optional one-line task name shown in status.'),
});

const objectiveSchema = z.strictObject({
  metric: z.string().min(1).default('score').describe('Name of the primary metric in the evaluator\'s JSON output.'),
  direction: z.enum(DIRECTIONS).default('maximize').describe('Whether a higher or a lower primary metric is better.'),
});

const evaluatorSchema = z.strictObject({
  command: z.string().min(1)
    .describe('Command that scores a checkout, run through a shell with the attempt checkout as working directory. Required.'),
  timeout: positiveDurationSchema.default('10m').describe('Timeout of each evaluation stage.'),
  protect: z.array(z.string().min(1)).default([])
    .describe('Globs (picomatch syntax) of files agents may not change, e.g. ["evaluate.js", "data/**"]; an attempt that changes one is invalid.'),
  cascade: z.array(stageSchema).default([])
    .superRefine((stages, ctx) => {
      const seen = new Set<string>();
      stages.forEach((stage, index) => {
        if (seen.has(stage.name)) {
          ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `duplicate stage name "${stage.name}"; give each stage its own name` });
        }
        seen.add(stage.name);
      });
    })
    .describe('Ordered evaluation stages; empty means one stage "main" running evaluator.command.'),
  confirm: int(0, 10).default(0).describe('Extra evaluations with other seeds before a new best is crowned.'),
  env: z.record(z.string(), z.string()).default({}).describe('Extra environment variables for the evaluator.'),
  gpus: z.array(z.string().min(1)).default([])
    .describe('GPU ids of a local GPU pool; each evaluation gets one as CUDA_VISIBLE_DEVICES. Empty = no GPU pool.'),
  tailBytes: int(0, 10_000_000).default(4000).describe('Bytes of the evaluator\'s stdout and stderr tails to keep.'),
});

const localAgentSchema = z.strictObject({
  explorerMutations: int(1, 1000).default(3).describe('Numeric literals an explorer of the local backend mutates.'),
  optimizerSteps: int(1, 1000).default(4).describe('Successive refinements an optimizer of the local backend tries.'),
  stepScale: z.number().positive().max(10).default(0.05).describe('Relative size of one local mutation step.'),
});

const priceSchema = z.strictObject({
  input: z.number().nonnegative().describe('USD per million input tokens.'),
  output: z.number().nonnegative().describe('USD per million output tokens.'),
  cachedInput: z.number().nonnegative().optional().describe('USD per million cached input tokens; defaults to the input price.'),
});

const agentSchema = z.strictObject({
  backend: z.enum(AGENT_BACKENDS).default('local').describe('Agent backend; "local" is an offline mutator that needs no model.'),
  model: z.string().min(1).nullable().default(null).describe('Model name passed to the backend; null = the backend\'s default.'),
  timeout: positiveDurationSchema.default('20m').describe('Timeout of one agent session.'),
  maxTurns: int(1, 10_000).default(40).describe('Maximum agent turns per attempt.'),
  systemPrompt: z.string().min(1).nullable().default(null)
    .describe('Path of a file overriding the built-in role instructions, relative to the repository root; null = built-in.'),
  local: localAgentSchema.prefault({}).describe('Settings of the offline "local" backend.'),
  prices: z.record(z.string(), priceSchema).default({})
    .describe('Price table per model name (USD per million tokens), for backends whose API reports tokens but no cost.'),
});

const shepherdSchema = z.strictObject({
  policy: z.enum(SHEPHERD_POLICIES).default('rules').describe('Planning policy of the Shepherd.'),
  initialExplorers: int(1, 1000).default(4).describe('Size of the first wave: explorers from the baseline.'),
  waveSize: int(1, 1000).default(4).describe('Attempts per later wave.'),
  leaders: int(1, 1000).default(3).describe('How many best attempts fan-out and optimizers draw from.'),
  plateauWaves: int(1, 1000).default(3).describe('Waves without improvement before fresh explorers start from the baseline.'),
  mergeEvery: int(0, 1000).default(4).describe('Every N-th wave includes a two-parent merge; 0 = never.'),
  seed: int(0, Number.MAX_SAFE_INTEGER).default(1).describe('Seed of every random choice, for reproducible runs; also the SWARM_SEED of official evaluations and of `swarm eval` (confirmations use the next seeds).'),
});

const budgetSchema = z.strictObject({
  attempts: int(1).default(40).describe('Maximum attempts in a run.'),
  waves: int(0).default(0).describe('Maximum waves in a run; 0 = unlimited.'),
  wallClock: durationSchema.default('0').describe('Maximum wall-clock time of a run; 0 = unlimited.'),
});

const concurrencySchema = z.strictObject({
  agents: int(1, 256).default(4).describe('Agents working at the same time.'),
  evaluations: int(1, 256).default(2).describe('Evaluations running at the same time.'),
});

const logSchema = z.strictObject({
  level: z.enum(LOG_LEVELS).default('info').describe('Log level (pino).'),
});

/** The schema of `.swarmrc.json`: strict objects, every key described and defaulted except evaluator.command. */
export const configSchema = z.strictObject({
  $schema: z.string().optional().describe('Path or URL of this JSON Schema, for editors; ignored by swarm.'),
  task: taskSchema.prefault({}).describe('The task the agents work on.'),
  objective: objectiveSchema.prefault({}).describe('The primary metric and whether to maximize or minimize it.'),
  evaluator: evaluatorSchema.describe('How an attempt is scored. Required: evaluator.command.'),
  agent: agentSchema.prefault({}).describe('The agent backend and its limits.'),
  shepherd: shepherdSchema.prefault({}).describe('How the Shepherd plans waves.'),
  budget: budgetSchema.prefault({}).describe('When a run stops.'),
  concurrency: concurrencySchema.prefault({}).describe('How much runs in parallel.'),
  log: logSchema.prefault({}).describe('Logging.'),
}).describe('Configuration of swarm (.swarmrc.json).');

/** What a `.swarmrc.json` may contain (defaults optional). */
export type SwarmConfigInput = z.input<typeof configSchema>;

/** The file after validation, defaults filled, durations still as written. */
export type ParsedConfig = z.output<typeof configSchema>;
