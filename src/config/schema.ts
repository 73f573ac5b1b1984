import { z } from 'zod';
import { SwarmError } from '../core/domain/errors.js';
import { AGENT_RUNNERS, agentSlurmSchema } from './agent-runner-schema.js';
import { agentBackendSections, poolEntryBackendSections } from './agent-sections.js';
import type { ConfigPlugins } from './config-plugins.js';
import { evaluatorSchemaFor } from './evaluator-schema.js';
import { durationSchema, int, positiveDurationSchema } from './schema-primitives.js';
import { workspaceSchema } from './workspace-schema.js';

export const SHEPHERD_POLICIES = ['rules', 'greedy', 'random', 'swarm', 'evolve', 'rsi', 'llm'] as const;
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'silent'] as const;
export const DIRECTIONS = ['maximize', 'minimize'] as const;

const taskSchema = z.strictObject({
  prompt: z.string().min(1).default('prompt.md').describe('Path of the task prompt file, relative to the repository root.'),
  description: z.string().default('').describe('Optional one-line task name shown in status.'),
  solutionFiles: z.array(z.string().min(1)).default([])
    .describe('Globs (picomatch syntax) of the declared solution files; an attempt that changes only other files is flagged "outside-solution-files". Empty = every file is a solution file.'),
});

const metricObjectiveSchema = z.strictObject({
  metric: z.string().min(1).describe('Name of a metric in the evaluator\'s JSON output.'),
  direction: z.enum(DIRECTIONS).default('maximize').describe('Whether a higher or a lower value is better.'),
});

const constraintSchema = z.strictObject({
  metric: z.string().min(1).describe('Name of a metric in the evaluator\'s JSON output (the primary metric included).'),
  max: z.number().optional().describe('Largest feasible value.'),
  min: z.number().optional().describe('Smallest feasible value.'),
}).refine((c) => c.max !== undefined || c.min !== undefined, { message: 'a constraint needs max, min or both' });

const objectiveSchema = z.strictObject({
  metric: z.string().min(1).default('score').describe('Name of the primary metric in the evaluator\'s JSON output.'),
  direction: z.enum(DIRECTIONS).default('maximize').describe('Whether a higher or a lower primary metric is better.'),
  metrics: z.array(metricObjectiveSchema).default([])
    .describe('Further objectives beside the primary metric: the Pareto front of feasible attempts over all of them is stored and offered to the policies as parents. The primary metric still decides the best attempt, crowning and the exit code. Empty = one objective.'),
  constraints: z.array(constraintSchema).default([])
    .describe('Bounds on metrics: an attempt that breaks one is recorded as scored but infeasible (flag "infeasible:<metric><=<max>"), never crowned and never on the front.'),
});

const priceSchema = z.strictObject({
  input: z.number().nonnegative().describe('USD per million input tokens.'),
  output: z.number().nonnegative().describe('USD per million output tokens.'),
  cachedInput: z.number().nonnegative().optional().describe('USD per million cached input tokens; defaults to the input price.'),
});

const apiAgentSchema = z.strictObject({
  maxRetries: int(0, 20).default(4).describe('Retries of a failed model request (429, 5xx, timeouts; the SDK backs off with jitter and honours retry-after) before the attempt fails.'),
  requestTimeout: positiveDurationSchema.prefault('5m').describe('Timeout of one model request; a timed-out request is retried.'),
  maxOutputTokens: int(1, 1_000_000).default(8192).describe('max_tokens of one model reply.'),
  commandTimeout: positiveDurationSchema.prefault('2m').describe('Timeout of one run_command / run_eval tool call of the agent loop.'),
  outputChars: int(200, 1_000_000).default(20_000).describe('Characters of a tool result kept for the model; longer output is truncated with a marker.'),
}).transform(({ requestTimeout, commandTimeout, ...api }) => ({ ...api, requestTimeoutMs: requestTimeout, commandTimeoutMs: commandTimeout }));

const diffModeSchema = z.strictObject({
  resamples: int(0, 20).default(2).describe('Extra model calls when a reply has blocks that do not apply (the errors are fed back); then the attempt fails.'),
  fullRewrite: z.boolean().default(false).describe('Ask for whole new EVOLVE-BLOCK region bodies instead of SEARCH/REPLACE blocks.'),
  inspirations: int(0, 20).default(3).describe('Other attempts (the Shepherd\'s informed-by picks, then the best scored) whose score, hypothesis and feedback are shown in every agent\'s prompt, in both modes; 0 = none.'),
});

const limitsSchema = z.strictObject({
  park: z.boolean().default(true)
    .describe('A rate limit (HTTP 429/529) or a plan\'s usage limit parks the attempt until the reset, then continues it; false = the attempt fails.'),
  backoff: positiveDurationSchema.prefault('1m')
    .describe('Wait when the limit names no reset time; doubled for each further wait of the same attempt.'),
  maxBackoff: positiveDurationSchema.prefault('30m').describe('Longest backoff wait when no reset time is named.'),
  maxWait: positiveDurationSchema.prefault('6h')
    .describe('Longest total wait of one attempt for limits to lift; a wait that would pass it fails the attempt (and, repeated, the circuit breaker stops the run).'),
  maxParks: int(0, 10_000).default(10)
    .describe('Most waits of one attempt for limits to lift; the next limit fails the attempt with the limit\'s message (and, repeated, the circuit breaker stops the run).'),
}).transform(({ park, backoff, maxBackoff, maxWait, maxParks }) => ({ park, backoffMs: backoff, maxBackoffMs: maxBackoff, maxWaitMs: maxWait, maxParks }));

const POOL_ROLES = ['explorer', 'optimizer'] as const;

type Backends = ConfigPlugins['backends'];

/** One `agent.pool` entry: a backend and model, its share of attempts, and its own settings (else the agent's). */
const poolEntrySchemaFor = (backends: Backends) => {
  // Typed as `object`: the static type is the shared entry's; the backends' sections are added by the assembled config's type.
  const backendSections: object = poolEntryBackendSections(backends);
  return z.strictObject({
    name: z.string().regex(/^[A-Za-z0-9][\w.:-]*$/, 'letters, digits and . _ : - only').optional()
      .describe('Name of the entry (status, `swarm spawn --backend <name>`); default: the backend, with ":<model>" when a model is set.'),
    backend: z.enum(backends.names).describe('Agent backend of this entry.'),
    model: z.string().min(1).nullable().default(null).describe('Model of this entry; null = the backend\'s default.'),
    weight: z.number().nonnegative().default(1).describe('Share of new attempts under agent.poolPolicy "weight" (relative to the other entries\' weights); the tie-breaker of "bandit".'),
    roles: z.array(z.enum(POOL_ROLES)).min(1).default(['explorer', 'optimizer']).describe('Roles this entry runs.'),
    baseUrl: z.url().nullable().optional().describe('Base URL of the model API (anthropic, openai); absent = agent.baseUrl.'),
    mode: z.enum(['agent', 'diff']).optional().describe('anthropic/openai: absent = agent.mode.'),
    ...backendSections,
    api: apiAgentSchema.optional().describe('Settings of an anthropic/openai entry; absent = agent.api.'),
    runner: z.enum(AGENT_RUNNERS).optional().describe('Where this entry\'s agent runs ("local" or "slurm", as agent.runner); absent = agent.runner.'),
    slurm: agentSlurmSchema.optional().describe('Batch job settings of this entry\'s agents under runner "slurm"; absent = agent.slurm.'),
  }).transform((entry) => ({ ...entry, name: entry.name ?? (entry.model === null ? entry.backend : `${entry.backend}:${entry.model}`) }));
};

const sharedAgentShapeFor = (backends: Backends) => ({
  backend: z.enum(backends.names).default('local').describe('Agent backend; "local" is an offline mutator that needs no model.'),
  model: z.string().min(1).nullable().default(null).describe('Model name passed to the backend; null = the backend\'s default.'),
  timeout: positiveDurationSchema.prefault('20m').describe('Timeout of one agent session.'),
  stallTimeout: positiveDurationSchema.nullable().default(null)
    .describe('claude-code, codex and command backends: stop the agent after this long without any output (a stalled model stream), failing the attempt as "stalled"; null = only agent.timeout (whose reason still names a long silence). Keep it above the longest tool call, e.g. "10m".'),
  maxTurns: int(1, 10_000).default(40).describe('Maximum agent turns per attempt.'),
  maxConsecutiveFailures: int(0, 10_000).default(3)
    .describe('Stop the run (no new attempts, running ones finish, exit 1) after this many attempts in a row fail with the same agent error; 0 = never stop.'),
  systemPrompt: z.string().min(1).nullable().default(null)
    .describe('Path of a file overriding the built-in role instructions, relative to the repository root; null = built-in.'),
  prices: z.record(z.string(), priceSchema).default({})
    .describe('Prices per model name (USD per million tokens) for backends that report tokens but no cost; they override and extend swarm\'s own dated price table (swarm doctor shows the price each backend uses). A dollar budget with a model of unknown price is refused.'),
  baseUrl: z.url().nullable().default(null)
    .describe('Base URL of the model API for the anthropic and openai backends (e.g. http://127.0.0.1:8000/v1 for a local OpenAI-compatible server); null = ANTHROPIC_BASE_URL / OPENAI_BASE_URL, else the provider\'s default.'),
  mode: z.enum(['agent', 'diff']).default('agent')
    .describe('anthropic/openai backends: "agent" = tool-using loop in the worktree; "diff" = one model call per attempt answering with SEARCH/REPLACE blocks inside EVOLVE-BLOCK regions.'),
  maxTokens: int(0).default(0).describe('Maximum tokens (input + output) one attempt of an API backend may use; 0 = unlimited.'),
  maxCostUsd: z.number().nonnegative().default(0).describe('Maximum USD one attempt of an API backend may spend (from agent.prices); 0 = unlimited.'),
  api: apiAgentSchema.prefault({}).describe('Settings of the anthropic and openai backends.'),
  limits: limitsSchema.prefault({}).describe('Rate and usage limits: attempts wait for the reset instead of failing (see docs/agents.md).'),
  diff: diffModeSchema.prefault({}).describe('Settings of diff mode (agent.mode = "diff").'),
  pool: z.array(poolEntrySchemaFor(backends)).default([])
    .describe('Several agents and models in one run: each new attempt gets one entry (agent.poolPolicy); empty = agent.backend alone. The other agent settings (timeout, limits, maxTurns, prices) are shared.'),
  poolPolicy: z.enum(['weight', 'bandit']).default('weight')
    .describe('How a pool entry is chosen for a new attempt: "weight" = seeded draw by weight; "bandit" = discounted UCB over improvement per dollar (per attempt for entries that cost nothing).'),
  runner: z.enum(AGENT_RUNNERS).default('local')
    .describe('Where the agent process runs: "local" on this machine, or "slurm": each attempt\'s agent (claude-code, codex, command; anthropic and openai in agent mode, their tool loop via `swarm agent-job`) as a batch job on a node (agent.slurm), its worktree and logs on storage the nodes share. See docs/cluster.md.'),
  slurm: agentSlurmSchema.prefault({}).describe('Batch job settings of agent.runner "slurm".'),
});

const agentSchemaFor = (backends: Backends) => {
  // Read from the descriptors' capabilities: which backends a batch job can run, and which of them only in agent mode.
  const SLURM_JOB_BACKENDS = backends.slurmJob;
  const DIFF_MODE_BACKENDS = backends.diffMode;
  const sharedAgentShape = sharedAgentShapeFor(backends);
  // Typed as `object`: the static type is the shared settings'; the backends' sections are added by the assembled config's type.
  const backendSections: object = agentBackendSections(backends, Object.keys(sharedAgentShape));
  // The settings every backend reads, then each backend's own section (`settings.ts` in its folder), from the registry.
  return z.strictObject({ ...sharedAgentShape, ...backendSections }).superRefine((agent, ctx) => {
    // Each agent's runner: a pool entry's own, else agent.runner. Only an agent CLI can be a batch job.
    const placed = agent.pool.length > 0
      ? agent.pool.map((entry, i) => ({ backend: entry.backend, diff: (entry.mode ?? agent.mode) === 'diff', runner: entry.runner ?? agent.runner, own: entry.runner !== undefined, path: ['pool', i, 'runner'], what: `pool entry "${entry.name ?? entry.backend}"` }))
      : [{ backend: agent.backend, diff: agent.mode === 'diff', runner: agent.runner, own: true, path: ['runner'], what: 'agent.backend' }];
    const apiDiff = (p: { backend: string; diff: boolean }): boolean => p.diff && DIFF_MODE_BACKENDS.includes(p.backend);
    const driverBound = placed.filter((p) => p.runner === 'slurm' && (!SLURM_JOB_BACKENDS.includes(p.backend) || apiDiff(p)));
    for (const p of driverBound.filter((d, i) => d.own || driverBound.findIndex((e) => !e.own) === i)) {
      const setting = p.own && p.path.length > 1 ? `${p.what}'s runner` : 'agent.runner';
      const why = apiDiff(p)
        ? `the "${p.backend}" backend in diff mode (${p.what}) makes one model call and runs no command, so it stays in the driver: set ${setting} to "local" or ${p.path.length > 1 ? 'the entry\'s mode' : 'agent.mode'} to "agent"`
        : `the "${p.backend}" backend (${p.what}) runs inside the driver: set ${setting} to "local" or use one of those backends`;
      ctx.addIssue({ code: 'custom', path: p.own ? p.path : ['runner'], message: `${setting} "slurm" runs an agent that works in its worktree as a batch job (${SLURM_JOB_BACKENDS.join(', ')}; ${DIFF_MODE_BACKENDS.join(', ')} in agent mode only); ${why}` });
    }
    const seen = new Set<string>();
    agent.pool.forEach((entry, i) => {
      if (seen.has(entry.name)) ctx.addIssue({ code: 'custom', path: ['pool', i], message: `two pool entries are named "${entry.name}"; give one a "name"` });
      seen.add(entry.name);
    });
    if (agent.pool.length === 0) return;
    for (const role of POOL_ROLES) {
      if (!agent.pool.some((e) => e.roles.includes(role))) ctx.addIssue({ code: 'custom', path: ['pool'], message: `no pool entry runs the ${role} role; add "${role}" to the roles of an entry` });
    }
    if (agent.poolPolicy === 'weight' && agent.pool.every((e) => e.weight === 0)) ctx.addIssue({ code: 'custom', path: ['pool', 0, 'weight'], message: 'every pool entry has weight 0; give one a positive weight' });
  }).transform(({ timeout, stallTimeout, ...agent }) => ({ ...agent, timeoutMs: timeout, stallTimeoutMs: stallTimeout }));
};

const llmShepherdSchemaFor = (backends: Backends) => {
  // The backends on a model API of swarm's own (the registry's first is the default).
  const [DEFAULT_PLANNER_BACKEND, ...OTHER_PLANNER_BACKENDS] = backends.modelApi;
  if (DEFAULT_PLANNER_BACKEND === undefined) throw new SwarmError('INTERNAL', 'no registered agent backend runs a model API; shepherd.llm.backend would have none to name');
  return z.strictObject({
    backend: z.enum([DEFAULT_PLANNER_BACKEND, ...OTHER_PLANNER_BACKENDS]).default(DEFAULT_PLANNER_BACKEND).describe('API the planning model is reached through (key from ANTHROPIC_API_KEY / OPENAI_API_KEY).'),
    model: z.string().min(1).nullable().default(null).describe('Planning model; null = agent.model when the agent uses the same API, else the backend\'s default model.'),
    baseUrl: z.url().nullable().default(null).describe('Base URL of the planning API; null = agent.baseUrl when the agent uses the same API, else ANTHROPIC_BASE_URL / OPENAI_BASE_URL or the default.'),
    waveSize: int(1, 1000).nullable().default(null).describe('Most attempts the model may plan per wave; null = shepherd.waveSize (shepherd.initialExplorers for the first wave).'),
  });
};

const evolveSchema = z.strictObject({
  islands: int(1, 64).default(3).describe('Islands of the program database ("evolve" policy); each evolves its own lineages.'),
  featureDimensions: z.array(z.string().min(1)).min(1).nullable().default(null)
    .describe('MAP-Elites feature dimensions: "depth" (lineage depth), "diffSize" (lines changed), "score", or the name of an evaluator metric; null = the metrics of objective.metrics when it names any, else ["depth", "diffSize"].'),
  gridSize: int(1, 100).default(4).describe('Bins per feature dimension of each island\'s MAP-Elites grid.'),
  explorationRatio: z.number().min(0).max(1).default(0.2).describe('Share of parents sampled uniformly from the island.'),
  exploitationRatio: z.number().min(0).max(1).default(0.7).describe('Share of parents sampled from the archive of elites (refined by an optimizer); the rest are elites of random grid cells. 0.7 with explorationRatio 0.2 are OpenEvolve\'s defaults.'),
  eliteRatio: z.number().min(0).max(1).default(0.1).describe('Share of the best programs kept in the archive of elites.'),
  migrationInterval: int(0, 10_000).default(4).describe('Generations between ring migrations of the best programs to the next island; 0 = never.'),
  migrationRate: z.number().min(0).max(1).default(0.1).describe('Share of an island\'s best programs that migrate.'),
  inspirations: int(0, 20).default(2).describe('Programs shown to an agent as inspirations (informed_by): the run\'s best searched program when it is not the parent, then elites of other cells. A local optimizer moves constants towards those that score better.'),
}).refine((e) => e.explorationRatio + e.exploitationRatio <= 1, { message: 'explorationRatio + exploitationRatio must be at most 1' });

const rsiSchema = z.strictObject({
  discount: z.number().gt(0).max(1).default(0.9).describe('Discount of past outcomes in the UCB index of the "rsi" policy (1 = stationary UCB).'),
  beta: z.number().min(0).default(0.5).describe('Weight of the UCB exploration bonus.'),
  gamma: z.number().min(0).default(0.5).describe('Weight of the request pressure from unresolved needs (repairs, rebases, crossovers).'),
  k: int(1, 100).default(4).describe('Size of the program frontier and most needs of each kind considered.'),
});

const shepherdSchemaFor = (backends: Backends) => z.strictObject({
  schedule: z.enum(['waves', 'async']).default('waves')
    .describe('"waves": plan a wave, wait for all of it; "async": no barrier, plan one attempt whenever a slot frees (attempts still get a generation number).'),
  evolve: evolveSchema.prefault({}).describe('Program database of the "evolve" policy.'),
  rsi: rsiSchema.prefault({}).describe('Discounted-UCB frontiers of the "rsi" policy.'),
  policy: z.enum(SHEPHERD_POLICIES).default('rules').describe('Planning policy of the Shepherd.'),
  initialExplorers: int(1, 1000).nullable().default(null).describe('Size of the first wave: explorers from the baseline; null = concurrency.agents.'),
  waveSize: int(1, 1000).nullable().default(null).describe('Attempts per later wave; null = concurrency.agents, so every agent slot has work.'),
  leaders: int(1, 1000).default(3).describe('How many best attempts fan-out and optimizers draw from.'),
  plateauWaves: int(1, 1000).default(3).describe('Waves without improvement before fresh explorers start from the baseline.'),
  mergeEvery: int(0, 1000).default(4).describe('Every N-th wave includes a two-parent merge; 0 = never.'),
  niche: z.string().min(1).nullable().default(null)
    .describe('Evaluator metric that names an attempt\'s niche (a behavior descriptor, as in MAP-Elites): the "swarm", "evolve" and "rsi" policies keep and deepen the best program of each niche; null = niches are lineages (or code signatures, see codeNiches). "greedy" ignores it.'),
  codeNiches: z.boolean().default(false)
    .describe('When no niche metric is named: true = niches are code signatures (which constants of the EVOLVE-BLOCKs moved which way from the baseline, which lines changed), false = niches are lineages.'),
  seed: int(0, Number.MAX_SAFE_INTEGER).default(1).describe('Seed of every random choice, for reproducible runs; also the SWARM_SEED of official evaluations and of `swarm eval` (confirmations use the next seeds).'),
  llm: llmShepherdSchemaFor(backends).prefault({}).describe('The model that plans waves when shepherd.policy is "llm".'),
  novelty: z.strictObject({
    threshold: z.number().gt(0).max(1).nullable().default(null)
      .describe('Similarity (estimated Jaccard of normalized token shingles, comments stripped) at or above which an attempt\'s code counts as a near-duplicate of an evaluated program of the run: it reuses that program\'s result with the flag "near-duplicate:aN" instead of being evaluated, never crowned and never an improvement; null = off. 0.9 catches reformatting and small additions, not a changed constant in a small program.'),
  }).prefault({}).describe('Near-duplicates caught before they cost an evaluation.'),
  memory: z.boolean().default(false)
    .describe('Offer .swarm/memory.md (what earlier runs of the project tried, what worked and by how much; rewritten at the end of every run) to the "llm" Shepherd and to explorers.'),
  metaPrompts: z.boolean().default(false)
    .describe('Evolve the explorers\' instructions: a population of three variants (the first is the run\'s own explorer instructions), each explorer given one, each credited with the improvements its explorers made (discounted, compared within one agent backend); once each has been tried twice the weakest is replaced by a variant the Shepherd\'s model writes (shepherd.policy "llm" or shepherd.llm.model set), else by one recombined from the best two.'),
});

const budgetSchema = z.strictObject({
  attempts: int(1).default(40).describe('Maximum attempts in a run.'),
  waves: int(0).default(0).describe('Maximum waves in a run; 0 = unlimited.'),
  wallClock: durationSchema.prefault('0').describe('Maximum wall-clock time of a run; 0 = unlimited.'),
  costUsd: z.number().nonnegative().default(0).describe('Maximum USD the agents of a run may spend (sum of attempts\' costs); 0 = unlimited.'),
  tokens: int(0).default(0).describe('Maximum tokens (input + output) the agents of a run may use; 0 = unlimited.'),
  evaluations: int(0).default(0).describe('Maximum evaluator runs of a run (baseline, noise check, official, confirm and every `swarm eval` of an agent); once reached no attempt starts and agents\' `swarm eval` is refused; 0 = unlimited.'),
  selfEvaluations: int(0).default(100).describe('Maximum `swarm eval` runs of one attempt\'s agent (each keeps its logs); past it the agent\'s `swarm eval` is refused with a message saying so, and the official evaluation still runs; 0 = unlimited.'),
}).transform(({ wallClock, ...budget }) => ({ ...budget, wallClockMs: wallClock }));

const concurrencySchema = z.strictObject({
  agents: int(1, 256).default(4).describe('Agents working at the same time.'),
  evaluations: int(1, 256).default(2).describe('Evaluations running at the same time.'),
});

const logSchema = z.strictObject({
  level: z.enum(LOG_LEVELS).default('info').describe('Log level (pino).'),
  maxEvaluatorLogBytes: int(0).default(16 * 1024 * 1024).describe('Bytes of each evaluator output stream (stdout, stderr) kept in its log file: the first and the last half, with a line saying how much was left out between them; 0 = everything.'),
  maxRunLogBytes: int(0).default(2 * 1024 * 1024 * 1024).describe('Bytes of .swarm/logs one run may use (its attempts\' agent transcripts, evaluation and `swarm eval` logs, with the run log): as they near it, new evaluations keep less of each stream, and the oldest finished logs are cut to their first and last lines with a line saying how much was left out (an event of the run, shown by `swarm show`); 0 = no cap.'),
});

/**
 * The schema of `.swarmrc.json` with these plugins: strict objects, every key described and defaulted
 * except evaluator.command. Its static type has the shared settings only (backend and runner names as
 * strings, no plugin section); `config-assembly` builds it from the registries and states the full type.
 */
export const configSchemaFor = (plugins: ConfigPlugins) => z.strictObject({
  $schema: z.string().optional().describe('Path or URL of this JSON Schema, for editors; ignored by swarm.'),
  task: taskSchema.prefault({}).describe('The task the agents work on.'),
  objective: objectiveSchema.prefault({}).describe('The primary metric and whether to maximize or minimize it.'),
  evaluator: evaluatorSchemaFor(plugins.runners).describe('How an attempt is scored. Required: evaluator.command.'),
  workspace: workspaceSchema.prefault({}).describe('How every worktree is provisioned: ignored files carried in, shared links, setup commands, submodules.'),
  agent: agentSchemaFor(plugins.backends).prefault({}).describe('The agent backend and its limits.'),
  shepherd: shepherdSchemaFor(plugins.backends).prefault({}).describe('How the Shepherd plans waves.'),
  budget: budgetSchema.prefault({}).describe('When a run stops.'),
  concurrency: concurrencySchema.prefault({}).describe('How much runs in parallel.'),
  log: logSchema.prefault({}).describe('Logging.'),
}).describe('Configuration of swarm (.swarmrc.json).')
  // `$schema` is for editors; the resolved configuration leaves it out. Wave sizes left out
  // follow concurrency.agents, so a user who raises the agents gets waves that use them.
  .transform(({ $schema: _schema, ...config }) => ({
    ...config,
    shepherd: {
      ...config.shepherd,
      initialExplorers: config.shepherd.initialExplorers ?? config.concurrency.agents,
      waveSize: config.shepherd.waveSize ?? config.concurrency.agents,
    },
  }));

/** The schema as `configSchemaFor` types it: the shared settings, without the plugins' names and sections. */
export type SharedConfigSchema = ReturnType<typeof configSchemaFor>;
