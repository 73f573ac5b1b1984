import { existsSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluationStages, loadConfig } from '../config/index.js';
import type { Direction } from '../core/score.js';
import { SwarmStore } from '../store/swarm-store.js';
import { GitWorkspace } from '../workspace/index.js';
import { checkoutHead, checkoutTopLevel } from '../workspace/checkout-top-level.js';
import { passedEnv } from '../core/env-allow-list.js';
import { createEvaluatorRunner } from './create-evaluator-runner.js';
import { evalProtection, evaluateLeavingNoTrace } from './eval-protection.js';
import type { evaluateCheckout } from './evaluate-checkout.js';
import { projectPaths, runnerLocks } from './project-paths.js';

export interface EvalHereResult {
  attempt: string | null;
  checkout: string;
  valid: boolean;
  score: number | null;
  metric: string;
  direction: Direction;
  /** The SWARM_SEED the evaluator ran with. */
  seed: number;
  metrics: Record<string, number>;
  reason: string | null;
  feedback: string | null;
  stages: Array<{ stage: string; valid: boolean; score: number | null; durationMs: number }>;
  recorded: boolean;
}

/**
 * `swarm eval`: scores the checkout around `cwd` with the run's evaluator. Inside an attempt's
 * worktree (SWARM_ATTEMPT_ID set) the result is recorded as an intermediate evaluation.
 */
export const evalHere = async (options: { cwd: string; configFile?: string; seed?: number; env?: NodeJS.ProcessEnv; signal: AbortSignal }): Promise<EvalHereResult> => {
  const env = options.env ?? process.env;
  const workspace = await GitWorkspace.open(options.cwd);
  const checkout = await checkoutTopLevel(options.cwd);
  // Inside an attempt, the run's own config file and evaluation seed (set by `swarm run`).
  const configFile = options.configFile ?? env.SWARM_CONFIG;
  const { config } = await loadConfig(workspace.root, configFile ? { file: configFile } : {});
  const runSeed = env.SWARM_EVAL_SEED !== undefined && /^\d+$/.test(env.SWARM_EVAL_SEED) ? Number(env.SWARM_EVAL_SEED) : undefined;
  const paths = projectPaths(workspace.root);
  const attemptId = env.SWARM_ATTEMPT_ID ?? null;
  // Before anything exists under .swarm/, so it never shows as untracked (a sandboxed agent cannot write .git: the run did it).
  await workspace.ensureExcluded().catch(() => undefined);
  const logDir = await writableLogDir(join(paths.logsDir, attemptId ?? 'manual', `eval-${Date.now()}-${process.pid}`));
  const seed = options.seed ?? runSeed ?? config.shepherd.seed;
  const evaluation = await evaluateLeavingNoTrace({
    // GPU locks live in .swarm too: when it is not writable (a sandboxed agent), this process's own pool.
    runner: await createEvaluatorRunner(config.evaluator, logDir.startsWith(paths.swarmDir) ? runnerLocks(paths, config.concurrency.evaluations) : {}),
    stages: evaluationStages(config.evaluator),
    cwd: checkout,
    logDir,
    metric: config.objective.metric,
    direction: config.objective.direction,
    seed,
    env: {
      ...passedEnv(env, config.evaluator.passEnv),
      ...config.evaluator.env,
      ...(attemptId ? { SWARM_ATTEMPT_ID: attemptId } : {}),
      ...(env.SWARM_RUN_ID ? { SWARM_RUN_ID: env.SWARM_RUN_ID } : {}),
    },
    kind: 'intermediate',
    signal: options.signal,
    protection: await evalProtection({ root: workspace.root, checkout, dbFile: paths.dbFile, attemptId }, config.evaluator.protect),
    artifacts: { globs: config.evaluator.artifacts, dir: join(logDir, 'artifacts') },
  });
  const head = attemptId === null ? null : await checkoutHead(checkout);
  const recorded = attemptId !== null && existsSync(paths.dbFile) && recordIntermediate(paths.dbFile, { attemptId, checkout, head }, evaluation.results);
  const final = evaluation.final;
  return {
    attempt: attemptId,
    checkout,
    valid: final.valid,
    score: final.valid ? final.score : null,
    metric: config.objective.metric,
    direction: config.objective.direction,
    seed,
    metrics: final.metrics,
    reason: final.reason,
    feedback: final.feedback,
    stages: evaluation.results.map((r) => ({ stage: r.stage, valid: r.outcome.valid, score: r.outcome.score, durationMs: r.outcome.durationMs })),
    recorded,
  };
};

/**
 * Records the evaluation against the attempt only when this checkout is that attempt's running
 * worktree; a stray SWARM_ATTEMPT_ID elsewhere records nothing. A store it cannot write (a
 * sandboxed agent) is not an error: the score is still printed.
 */
const recordIntermediate = (
  dbFile: string,
  where: { attemptId: string; checkout: string; head: string | null },
  results: Awaited<ReturnType<typeof evaluateCheckout>>['results'],
): boolean => {
  try {
    const store = SwarmStore.open(dbFile, { mustExist: true });
    try {
      const attempt = store.getAttempt(where.attemptId);
      if (!attempt || attempt.status !== 'running' || attempt.worktree === null || !samePath(attempt.worktree, where.checkout)) return false;
      store.transaction(() => {
        for (const r of results) store.addEvaluation(where.attemptId, 'intermediate', { ...r.outcome, stage: r.stage, seed: r.seed, commit: where.head });
        store.addEvent(attempt.runId, 'attempt.self-evaluated', { score: results.at(-1)?.outcome.score ?? null }, where.attemptId);
      });
      return true;
    } finally {
      store.close();
    }
  } catch {
    return false;
  }
};

const samePath = (a: string, b: string): boolean => {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  return real(a) === real(b);
};

/** The log directory, or a temporary one when `.swarm/logs` is not writable (a sandboxed agent). */
const writableLogDir = async (preferred: string): Promise<string> => {
  try {
    await mkdir(preferred, { recursive: true });
    return preferred;
  } catch {
    return mkdtemp(join(tmpdir(), 'swarm-eval-'));
  }
};
