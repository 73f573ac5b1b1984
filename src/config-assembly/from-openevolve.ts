import { z } from 'zod';
import { LOG_LEVELS, type SwarmConfigInput } from './schema.js';

/** What `swarm init --from-openevolve` found in the example directory. */
export interface OpenEvolveExample {
  /** Parsed config.yaml (anything; validated here), or null when there is none. */
  config: unknown;
  /** The name of the config file read (`config.yaml`, `config_phase_1.yaml`), or null when there is none. */
  configFile: string | null;
  evaluatorFile: string;
  programFile: string;
  adapterFile: string;
  /** Cascade functions the evaluator defines, e.g. [1, 2] for evaluate_stage1 and evaluate_stage2. */
  stageFunctions: number[];
  /** Whether the evaluator's source mentions `combined_score`. */
  reportsCombinedScore: boolean;
}

export interface OpenEvolveMapping {
  config: SwarmConfigInput;
  /** The system message for prompt.md, or null when config.yaml has none. */
  systemMessage: string | null;
  /** One line per decision worth telling the user (the derived metric, the cascade). */
  notes: string[];
  /** One line per config.yaml key swarm does not map, with what to do instead. */
  unmapped: string[];
}

const num = z.number().finite();
const openEvolveConfigSchema = z.looseObject({
  max_iterations: z.number().int().positive().optional(),
  random_seed: z.number().int().nonnegative().nullable().optional(),
  log_level: z.string().optional(),
  diff_based_evolution: z.boolean().optional(),
  llm: z.looseObject({ api_base: z.string().optional(), models: z.array(z.looseObject({ name: z.string().optional() })).optional(), primary_model: z.string().optional() }).optional(),
  prompt: z.looseObject({ system_message: z.string().optional() }).optional(),
  database: z.looseObject({
    num_islands: z.number().int().positive().optional(),
    exploration_ratio: num.min(0).max(1).optional(),
    exploitation_ratio: num.min(0).max(1).optional(),
    elite_selection_ratio: num.min(0).max(1).optional(),
    migration_interval: z.number().int().nonnegative().optional(),
    migration_rate: num.min(0).max(1).optional(),
    feature_dimensions: z.array(z.string()).optional(),
    feature_bins: z.union([z.number().int().positive(), z.record(z.string(), z.number())]).optional(),
  }).optional(),
  evaluator: z.looseObject({
    timeout: num.positive().optional(),
    cascade_evaluation: z.boolean().optional(),
    cascade_thresholds: z.array(num).optional(),
    parallel_evaluations: z.number().int().positive().optional(),
  }).optional(),
});
type OpenEvolveConfig = z.infer<typeof openEvolveConfigSchema>;

// Keys whose meaning swarm covers, per section; everything else set in config.yaml is reported.
const MAPPED: Record<string, readonly string[]> = {
  '': ['max_iterations', 'random_seed', 'log_level', 'llm', 'prompt', 'database', 'evaluator', 'language', 'file_suffix'],
  prompt: ['system_message'],
  database: ['num_islands', 'exploration_ratio', 'exploitation_ratio', 'elite_selection_ratio', 'migration_interval', 'migration_rate', 'feature_dimensions', 'feature_bins', 'random_seed', 'in_memory', 'db_path'],
  evaluator: ['timeout', 'cascade_evaluation', 'cascade_thresholds', 'parallel_evaluations'],
};
const ADVICE: Record<string, string> = {
  llm: 'swarm runs the offline "local" agent until you choose one: set agent.backend ("openai" for any OpenAI-compatible llm.api_base, "anthropic", "claude-code", "codex"), agent.model and agent.baseUrl',
  diff_based_evolution: 'diff mode is agent.mode: "diff" for the anthropic and openai backends',
  checkpoint_interval: 'swarm records every attempt in .swarm/swarm.db as it finishes; a run resumes where it stopped',
  'evaluator.max_retries': 'swarm does not retry a failing evaluation: a failure is recorded with its reason and shown to the next agent',
  'evaluator.use_llm_feedback': 'no LLM judge in swarm evaluations; put such scoring into the evaluator',
  'evaluator.llm_feedback_weight': 'no LLM judge in swarm evaluations',
  'evaluator.memory_limit_mb': 'limit memory inside the evaluator, or use evaluator.sandbox',
  early_stopping_patience: 'swarm stops on budget.attempts, budget.waves, budget.wallClock, budget.costUsd or budget.tokens',
};
const logLevel = z.enum(LOG_LEVELS);
const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Maps an OpenEvolve example (config.yaml and the evaluator's shape) onto a swarm config. Pure. */
export const mapOpenEvolve = (example: OpenEvolveExample): OpenEvolveMapping => {
  const { oe, unreadable } = readConfig(example.config ?? {});
  const notes: string[] = unreadable.length === 0 ? [] : [`${example.configFile ?? 'config.yaml'} has values swarm cannot read (${unreadable.join(', ')}); they were left at swarm's defaults`];
  const metric = example.reportsCombinedScore ? 'combined_score' : 'mean_of_metrics';
  if (!example.reportsCombinedScore) notes.push('objective.metric is "mean_of_metrics": the evaluator reports no combined_score, so the adapter adds the mean of every metric but "error", as OpenEvolve\'s fallback');
  const base = `python3 ${example.adapterFile} ${example.evaluatorFile} ${example.programFile}`;
  const cascade = cascadeStages(oe, example.stageFunctions, base);
  if (cascade.length > 0) notes.push(`evaluator.cascade: ${cascade.map((s) => s.name).join(' → ')}, thresholds compared as OpenEvolve does (combined_score of the stages so far, else their mean)`);
  const evolve = evolveSettings(oe, notes);
  const config: SwarmConfigInput = {
    task: { prompt: 'prompt.md', solutionFiles: [example.programFile] },
    objective: { metric, direction: 'maximize' },
    evaluator: {
      command: base,
      ...(oe.evaluator?.timeout !== undefined ? { timeout: `${oe.evaluator.timeout}s` } : {}),
      protect: [example.evaluatorFile, example.adapterFile, ...(example.configFile === null ? [] : [example.configFile])],
      cascade,
    },
    shepherd: { policy: 'evolve', evolve, ...(typeof oe.random_seed === 'number' ? { seed: oe.random_seed } : {}) },
    ...(oe.max_iterations !== undefined ? { budget: { attempts: oe.max_iterations } } : {}),
    ...(oe.evaluator?.parallel_evaluations !== undefined ? { concurrency: { evaluations: clamp(oe.evaluator.parallel_evaluations, 1, 256) } } : {}),
  };
  const level = logLevel.safeParse(oe.log_level?.toLowerCase());
  if (level.success) config.log = { level: level.data };
  return { config, systemMessage: oe.prompt?.system_message?.trim() || null, notes, unmapped: unmappedKeys(example.config) };
};

/** Parses config.yaml, dropping each value that does not fit (and only those) so the rest still maps. */
const readConfig = (raw: unknown): { oe: OpenEvolveConfig; unreadable: string[] } => {
  const copy: unknown = structuredClone(raw);
  const unreadable: string[] = [];
  for (let round = 0; round < 20; round++) {
    const parsed = openEvolveConfigSchema.safeParse(copy);
    if (parsed.success) return { oe: parsed.data, unreadable };
    for (const issue of parsed.error.issues) {
      if (issue.path.length === 0 || !dropAt(copy, issue.path)) return { oe: {}, unreadable: ['config.yaml'] };
      unreadable.push(issue.path.filter((key) => typeof key !== 'number').join('.'));
    }
  }
  return { oe: {}, unreadable: ['config.yaml'] };
};

/** Deletes the value at `path`; inside an array, the whole array goes. */
const dropAt = (root: unknown, path: ReadonlyArray<PropertyKey>): boolean => {
  let parent: unknown = null;
  let node: unknown = root;
  for (const [index, key] of path.entries()) {
    if (typeof node !== 'object' || node === null) return false;
    if (Array.isArray(node)) return parent !== null && typeof parent === 'object' && Reflect.deleteProperty(parent, String(path[index - 1]));
    if (index === path.length - 1) return Reflect.deleteProperty(node, String(key));
    parent = node;
    node = Reflect.get(node, String(key));
  }
  return false;
};

type Stage = NonNullable<NonNullable<SwarmConfigInput['evaluator']>['cascade']>[number];

/** OpenEvolve's cascade: stage N runs when the metrics so far reach cascade_thresholds[N-2]. */
const cascadeStages = (oe: OpenEvolveConfig, functions: number[], base: string): Stage[] => {
  if (oe.evaluator?.cascade_evaluation === false || !functions.includes(1)) return [];
  const thresholds = oe.evaluator?.cascade_thresholds ?? [0.5, 0.75, 0.9];
  const stages: Stage[] = [];
  for (const n of [1, 2, 3]) {
    if (!functions.includes(n)) break;
    const hasNext = functions.includes(n + 1) && n < 3;
    stages.push({ name: `stage${n}`, command: `${base} --stage ${n}`, threshold: hasNext ? (thresholds[n - 1] ?? null) : null, thresholdOn: 'combined-or-mean' });
  }
  return stages;
};

const evolveSettings = (oe: OpenEvolveConfig, notes: string[]): Record<string, unknown> => {
  const db = oe.database ?? {};
  const dims = (db.feature_dimensions ?? []).map((d) => (d === 'complexity' ? 'diffSize' : d === 'diversity' ? 'depth' : d));
  if ((db.feature_dimensions ?? []).some((d) => d === 'complexity' || d === 'diversity')) {
    notes.push('database.feature_dimensions: OpenEvolve\'s "complexity" and "diversity" became swarm\'s "diffSize" (lines changed) and "depth" (lineage depth)');
  }
  const explore = db.exploration_ratio;
  const exploit = db.exploitation_ratio;
  return {
    ...(db.num_islands !== undefined ? { islands: clamp(db.num_islands, 1, 64) } : {}),
    ...(dims.length > 0 ? { featureDimensions: [...new Set(dims)] } : {}),
    ...(typeof db.feature_bins === 'number' ? { gridSize: clamp(db.feature_bins, 1, 100) } : {}),
    ...(explore !== undefined && exploit !== undefined && explore + exploit <= 1 ? { explorationRatio: explore, exploitationRatio: exploit } : {}),
    ...(db.elite_selection_ratio !== undefined ? { eliteRatio: db.elite_selection_ratio } : {}),
    ...(db.migration_interval !== undefined ? { migrationInterval: clamp(db.migration_interval, 0, 10_000) } : {}),
    ...(db.migration_rate !== undefined ? { migrationRate: db.migration_rate } : {}),
  };
};

const record = z.record(z.string(), z.unknown());

/** `section.key: advice` for every key set in config.yaml that swarm does not map. */
const unmappedKeys = (raw: unknown): string[] => {
  const top = record.safeParse(raw);
  if (!top.success) return [];
  const lines: string[] = [];
  const describe = (path: string): string => `${path}${ADVICE[path] ? `: ${ADVICE[path]}` : ': no swarm equivalent'}`;
  for (const [key, value] of Object.entries(top.data)) {
    if (key === 'llm') lines.push(describe('llm'));
    else if (!(MAPPED[''] ?? []).includes(key)) lines.push(describe(key));
    else if (MAPPED[key] !== undefined) {
      const section = record.safeParse(value);
      for (const sub of section.success ? Object.keys(section.data) : []) if (!(MAPPED[key] ?? []).includes(sub)) lines.push(describe(`${key}.${sub}`));
    }
  }
  return lines;
};
