import { join } from 'node:path';
import { z } from 'zod';

/**
 * The files an API agent's batch job (agent.runner "slurm") shares with the driver, in the job's
 * folder on the worktree's storage: the spec the driver writes (the task and the client's
 * settings, never a key: keys reach the job through its environment) and the outcome the job
 * writes when the loop ends. Both are read back through these schemas.
 */
export const API_JOB_FILES = { spec: 'api-task.json', outcome: 'api-outcome.json', logDir: 'log' } as const;

export const apiJobFiles = (jobDir: string): { spec: string; outcome: string; logDir: string } => ({
  spec: join(jobDir, API_JOB_FILES.spec),
  outcome: join(jobDir, API_JOB_FILES.outcome),
  logDir: join(jobDir, API_JOB_FILES.logDir),
});

const priceSchema = z.strictObject({ input: z.number(), output: z.number(), cachedInput: z.number().optional() });
const usageSchema = z.strictObject({ inputTokens: z.number(), outputTokens: z.number(), costUsd: z.number() });

export const apiJobSpecSchema = z.strictObject({
  client: z.strictObject({
    /** The provider's name; the job finds the provider in the backend registry. */
    provider: z.string().min(1),
    model: z.string(),
    /** agent.baseUrl (or the entry's); null = the provider's variable in the job's environment. */
    baseUrl: z.string().nullable(),
    maxRetries: z.number(),
    requestTimeoutMs: z.number(),
    price: priceSchema.optional(),
  }),
  loop: z.strictObject({
    limits: z.strictObject({ maxTurns: z.number(), maxTokens: z.number(), maxCostUsd: z.number() }),
    maxOutputTokens: z.number(),
    commandTimeoutMs: z.number(),
    outputChars: z.number(),
    evalArgv: z.array(z.string()).optional(),
  }),
  task: z.strictObject({
    runId: z.string(),
    attemptId: z.string(),
    worktree: z.string(),
    role: z.enum(['explorer', 'optimizer']),
    prompt: z.string(),
    systemPrompt: z.string(),
    forkHistoryJson: z.string().optional(),
    maxTurns: z.number().optional(),
    timeoutMs: z.number(),
    maxCostUsd: z.number().optional(),
    seed: z.number(),
  }),
  /** Names of the variables swarm set for the attempt: the job takes their values from its environment. */
  envNames: z.array(z.string()),
});

export type ApiJobSpec = z.infer<typeof apiJobSpecSchema>;

export const apiJobOutcomeSchema = z.strictObject({
  status: z.enum(['completed', 'failed', 'abstained']),
  summary: z.string(),
  hypothesis: z.string().nullable(),
  session: z.strictObject({ backend: z.string(), id: z.string(), cumulativeCostUsd: z.number().optional() }).optional(),
  historyJson: z.string().optional(),
  usage: usageSchema,
  error: z.string().optional(),
  selfEvalFailures: z.array(z.string()).optional(),
  editFailures: z.array(z.string()).optional(),
  limit: z.strictObject({ kind: z.enum(['rate-limit', 'usage-limit']), resetAt: z.number().nullable(), detail: z.string() }).nullable().optional(),
});
