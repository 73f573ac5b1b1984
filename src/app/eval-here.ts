import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { evaluationStages, loadConfig } from '../config/index.js';
import type { Direction } from '../core/score.js';
import { LocalEvaluatorRunner } from '../eval/local-evaluator-runner.js';
import { SwarmStore } from '../store/swarm-store.js';
import { GitWorkspace } from '../workspace/index.js';
import { checkoutTopLevel } from '../workspace/checkout-top-level.js';
import { evaluateCheckout } from './evaluate-checkout.js';
import { projectPaths } from './project-paths.js';

export interface EvalHereResult {
  attempt: string | null;
  checkout: string;
  valid: boolean;
  score: number | null;
  metric: string;
  direction: Direction;
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
  const { config } = await loadConfig(workspace.root, options.configFile ? { file: options.configFile } : {});
  const paths = projectPaths(workspace.root);
  const attemptId = env.SWARM_ATTEMPT_ID ?? null;
  const logDir = join(paths.logsDir, attemptId ?? 'manual', `eval-${Date.now()}-${process.pid}`);
  const evaluation = await evaluateCheckout({
    runner: new LocalEvaluatorRunner({ tailBytes: config.evaluator.tailBytes, gpus: config.evaluator.gpus }),
    stages: evaluationStages(config.evaluator),
    cwd: checkout,
    logDir,
    metric: config.objective.metric,
    direction: config.objective.direction,
    seed: options.seed ?? config.shepherd.seed,
    env: { ...config.evaluator.env, ...(attemptId ? { SWARM_ATTEMPT_ID: attemptId } : {}), ...(env.SWARM_RUN_ID ? { SWARM_RUN_ID: env.SWARM_RUN_ID } : {}) },
    kind: 'intermediate',
    signal: options.signal,
  });
  const recorded = attemptId !== null && existsSync(paths.dbFile) && recordIntermediate(paths.dbFile, attemptId, evaluation.results);
  const final = evaluation.final;
  return {
    attempt: attemptId,
    checkout,
    valid: final.valid,
    score: final.valid ? final.score : null,
    metric: config.objective.metric,
    direction: config.objective.direction,
    metrics: final.metrics,
    reason: final.reason,
    feedback: final.feedback,
    stages: evaluation.results.map((r) => ({ stage: r.stage, valid: r.outcome.valid, score: r.outcome.score, durationMs: r.outcome.durationMs })),
    recorded,
  };
};

const recordIntermediate = (dbFile: string, attemptId: string, results: Awaited<ReturnType<typeof evaluateCheckout>>['results']): boolean => {
  const store = SwarmStore.open(dbFile, { mustExist: true });
  try {
    const attempt = store.getAttempt(attemptId);
    if (!attempt) return false;
    store.transaction(() => {
      for (const r of results) store.addEvaluation(attemptId, 'intermediate', { ...r.outcome, stage: r.stage, seed: r.seed, commit: null });
      store.addEvent(attempt.runId, 'attempt.self-evaluated', { score: results.at(-1)?.outcome.score ?? null }, attemptId);
    });
    return true;
  } finally {
    store.close();
  }
};
