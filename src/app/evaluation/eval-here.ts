import { carriedFiles, carriedSecretValues, includePatterns } from '../../workspace/provision/index.js';
import { addRedactedValues } from './redaction.js';
import { sandboxLinkMounts } from './link-targets.js';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluationStages, loadConfig } from '../../config-assembly/index.js';
import { passedEnv } from '../../core/trust/env-allow-list.js';
import { selfEvaluationRefusal } from '../../core/budget/budget.js';
import { SwarmError } from '../../core/domain/errors.js';
import { isIdentityAlive } from '../../process/process-identity.js';
import { SwarmStore } from '../../store/swarm-store.js';
import { GitWorkspace } from '../../workspace/index.js';
import { checkoutHead, checkoutTopLevel } from '../../workspace/checkout-top-level.js';
import { commitOfWorktree } from '../../workspace/worktree-commit.js';
import { createEvaluatorRunner } from './create-evaluator-runner.js';
import { evalResultOf, recordIntermediate, type EvalHereResult } from './eval-result.js';
import { requestDriverEvaluation, type HandoffTiming } from './handoff/handoff-client.js';
import { HANDOFF_ENV } from './handoff/handoff-protocol.js';
import { evalProtection, evaluateLeavingNoTrace } from './eval-protection.js';
import { projectPaths, runnerLocks } from '../project/project-paths.js';

export type { EvalHereResult } from './eval-result.js';

export interface EvalHereOptions {
  cwd: string;
  configFile?: string;
  seed?: number;
  env?: NodeJS.ProcessEnv;
  signal: AbortSignal;
  /** Hand-off waits (tests shorten them). */
  handoffTiming?: HandoffTiming;
}

/**
 * `swarm eval`: scores the checkout around `cwd` with the run's evaluator. Inside an attempt whose
 * driver listens (SWARM_EVAL_HANDOFF set) the driver evaluates the attempt's worktree and records
 * it; otherwise this process evaluates, and records an intermediate evaluation when it can.
 */
export const evalHere = async (options: EvalHereOptions): Promise<EvalHereResult> => {
  const env = options.env ?? process.env;
  const handoff = env[HANDOFF_ENV];
  if (handoff !== undefined && handoff !== '' && env.SWARM_ATTEMPT_ID !== undefined) {
    const outcome = await requestDriverEvaluation(handoff, options.seed === undefined ? { version: 1 } : { version: 1, seed: options.seed }, options.signal, options.handoffTiming);
    if (outcome.kind === 'answered') {
      if (outcome.response.ok) return outcome.response.result;
      throw new SwarmError('INTERNAL', `swarm eval in attempt ${env.SWARM_ATTEMPT_ID} failed: ${outcome.response.error}`);
    }
    if (outcome.kind === 'failed') throw new SwarmError('INTERNAL', `swarm eval in attempt ${env.SWARM_ATTEMPT_ID} got no answer from the swarm: ${outcome.reason}`);
    // no driver took the request: evaluate here, as outside a run
  }
  return evalSelf(options, env);
};

const evalSelf = async (options: EvalHereOptions, env: NodeJS.ProcessEnv): Promise<EvalHereResult> => {
  // Inside an attempt, the run's own config file and evaluation seed (set by `swarm run`).
  const configFile = options.configFile ?? env.SWARM_CONFIG;
  const workspace = await GitWorkspace.open(options.cwd, configFile ? { config: configFile } : {});
  const checkout = await checkoutTopLevel(options.cwd);
  const folder = workspace.projectFolder(checkout);
  const { config } = await loadConfig(workspace.projectDir, workspace.configOption());
  const runSeed = env.SWARM_EVAL_SEED !== undefined && /^\d+$/.test(env.SWARM_EVAL_SEED) ? Number(env.SWARM_EVAL_SEED) : undefined;
  const paths = projectPaths(workspace.projectDir);
  const attemptId = env.SWARM_ATTEMPT_ID ?? null;
  // Before anything exists under .swarm/, so it never shows as untracked (a sandboxed agent cannot write .git: the run did it).
  await workspace.ensureExcluded().catch(() => undefined);
  const logDir = await writableLogDir(join(paths.logsDir, attemptId ?? 'manual', `eval-${Date.now()}-${process.pid}`));
  const seed = options.seed ?? runSeed ?? config.shepherd.seed;
  // Values of the env files a worktree gets carried in are redacted here too, in the checkout itself.
  addRedactedValues(await carriedSecretValues(workspace.root, await carriedFiles(workspace.root, await includePatterns(workspace.root, config.workspace.include, workspace.subdir), workspace.subdir)));
  const refusal = attemptId === null ? null : budgetRefusal(paths.dbFile, attemptId, config.budget.evaluations);
  if (refusal !== null) throw new SwarmError('BUDGET_SPENT', `swarm eval in attempt ${attemptId}: ${refusal}`);
  const evaluation = await evaluateLeavingNoTrace({
    // GPU locks live in .swarm too: when it is not writable (a sandboxed agent), this process's own pool.
    runner: await createEvaluatorRunner(config, logDir.startsWith(paths.swarmDir) ? runnerLocks(paths, config.concurrency.evaluations, sandboxLinkMounts(config, paths.root)) : {}),
    stages: evaluationStages(config.evaluator),
    cwd: folder,
    subdir: workspace.subdir,
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
    protection: await evalProtection({ root: workspace.root, checkout: folder, subdir: workspace.subdir, dbFile: paths.dbFile, attemptId }, config.evaluator.protect),
    artifacts: { globs: config.evaluator.artifacts, dir: join(logDir, 'artifacts') },
  });
  const head = attemptId === null ? null : ((await commitOfWorktree(checkout, `swarm: the checkout ${attemptId}'s intermediate evaluation scored`)) ?? (await checkoutHead(checkout)));
  const recorded = attemptId !== null && existsSync(paths.dbFile) && recordInStore(paths.dbFile, { attemptId, checkout, head }, evaluation.results);
  return evalResultOf({ attempt: attemptId, checkout, metric: config.objective.metric, direction: config.objective.direction, seed, evaluation, recorded, evaluatedBy: 'self' });
};

/**
 * Records only while the attempt's run has a live driver: an orphan of a killed driver records
 * nothing (its attempt is about to be marked interrupted). A store it cannot write (a sandboxed
 * agent without a driver) is not an error: the score is still printed.
 */
const recordInStore = (dbFile: string, where: { attemptId: string; checkout: string; head: string | null }, results: Parameters<typeof recordIntermediate>[2]): boolean => {
  try {
    const store = SwarmStore.open(dbFile, { mustExist: true });
    try {
      const runId = store.getAttempt(where.attemptId)?.runId;
      const run = runId === undefined ? null : store.getRun(runId);
      if (run?.status !== 'running' || run.ownerPid === null || !isIdentityAlive({ pid: run.ownerPid, started: run.ownerStarted })) return false;
      return recordIntermediate(store, { ...where, evaluatedBy: 'self' }, results);
    } finally {
      store.close();
    }
  } catch {
    return false;
  }
};

/** Why the attempt's run evaluates nothing more (its evaluation budget is spent), else null; a store it cannot read refuses nothing. */
const budgetRefusal = (dbFile: string, attemptId: string, maxEvaluations: number): string | null => {
  if (maxEvaluations <= 0 || !existsSync(dbFile)) return null;
  try {
    const store = SwarmStore.open(dbFile, { mustExist: true });
    try {
      const runId = store.getAttempt(attemptId)?.runId;
      return runId === undefined ? null : selfEvaluationRefusal({ maxEvaluations }, store.countEvaluations(runId));
    } finally {
      store.close();
    }
  } catch {
    return null;
  }
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
