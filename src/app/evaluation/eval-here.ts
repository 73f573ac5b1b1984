import { carriedFiles, carriedSecretValues, includePatterns } from '../../workspace/provision/index.js';
import { addRedactedValues } from './redaction.js';
import { sandboxLinkMounts } from './link-targets.js';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluationStages } from '../../config-assembly/index.js';
import { passedEnv } from '../../core/trust/env-allow-list.js';
import { selfEvaluationRefusal } from '../../core/budget/budget.js';
import { SwarmError } from '../../core/domain/errors.js';
import { isIdentityAlive } from '../../process/process-identity.js';
import type { RunQueries } from '../../core/ports/index.js';
import { checkoutHead, checkoutTopLevel } from '../../workspace/checkout-top-level.js';
import { commitOfWorktree } from '../../workspace/worktree-commit.js';
import { createEvaluatorRunner } from './create-evaluator-runner.js';
import { evalResultOf, recordIntermediate, type EvalHereResult } from './eval-result.js';
import { requestDriverEvaluation, type HandoffTiming } from './handoff/handoff-client.js';
import { HANDOFF_ENV } from './handoff/handoff-protocol.js';
import { evalProtection, evaluateLeavingNoTrace } from './eval-protection.js';
import { openProject, type Project } from '../project/open-project.js';
import { runnerLocks } from '../project/project-paths.js';

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
  const project = await openProject(options.cwd, configFile ? { configFile } : {});
  try {
    return await evalInProject(project, options, env);
  } finally {
    project.close();
  }
};

const evalInProject = async (project: Project, options: EvalHereOptions, env: NodeJS.ProcessEnv): Promise<EvalHereResult> => {
  const { workspace, paths } = project;
  const checkout = await checkoutTopLevel(options.cwd);
  const folder = workspace.projectFolder(checkout);
  const { config } = await project.config();
  const runSeed = env.SWARM_EVAL_SEED !== undefined && /^\d+$/.test(env.SWARM_EVAL_SEED) ? Number(env.SWARM_EVAL_SEED) : undefined;
  const attemptId = env.SWARM_ATTEMPT_ID ?? null;
  // The store, opened once and only when a check asks for it (only inside an attempt).
  const store = runStore(project, attemptId);
  // Before anything exists under .swarm/, so it never shows as untracked (a sandboxed agent cannot write .git: the run did it).
  await workspace.ensureExcluded().catch(() => undefined);
  const logDir = await writableLogDir(join(paths.logsDir, attemptId ?? 'manual', `eval-${Date.now()}-${process.pid}`));
  const seed = options.seed ?? runSeed ?? config.shepherd.seed;
  // Values of the env files a worktree gets carried in are redacted here too, in the checkout itself.
  addRedactedValues(await carriedSecretValues(workspace.root, await carriedFiles(workspace.root, await includePatterns(workspace.root, config.workspace.include, workspace.subdir), workspace.subdir)));
  const refusal = attemptId === null ? null : budgetRefusal(store, attemptId, config.budget.evaluations);
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
    protection: await evalProtection({ root: workspace.root, checkout: folder, subdir: workspace.subdir, attemptId }, config.evaluator.protect, store),
    artifacts: { globs: config.evaluator.artifacts, dir: join(logDir, 'artifacts') },
  });
  const head = attemptId === null ? null : ((await commitOfWorktree(checkout, `swarm: the checkout ${attemptId}'s intermediate evaluation scored`)) ?? (await checkoutHead(checkout)));
  const recorded = attemptId !== null && recordInStore(store(), { attemptId, checkout, head }, evaluation.results);
  return evalResultOf({ attempt: attemptId, checkout, metric: config.objective.metric, direction: config.objective.direction, seed, evaluation, recorded, evaluatedBy: 'self' });
};

/**
 * Records only while the attempt's run has a live driver: an orphan of a killed driver records
 * nothing (its attempt is about to be marked interrupted). A store it cannot write (a sandboxed
 * agent without a driver) is not an error: the score is still printed.
 */
const recordInStore = (store: RunQueries | null, where: { attemptId: string; checkout: string; head: string | null }, results: Parameters<typeof recordIntermediate>[2]): boolean => {
  if (store === null) return false;
  try {
    const runId = store.getAttempt(where.attemptId)?.runId;
    const run = runId === undefined ? null : store.getRun(runId);
    if (run?.status !== 'running' || run.ownerPid === null || !isIdentityAlive({ pid: run.ownerPid, started: run.ownerStarted })) return false;
    return recordIntermediate(store, { ...where, evaluatedBy: 'self' }, results);
  } catch {
    return false;
  }
};

/** Why the attempt's run evaluates nothing more (its evaluation budget is spent), else null; a store it cannot read refuses nothing. */
const budgetRefusal = (store: () => RunQueries | null, attemptId: string, maxEvaluations: number): string | null => {
  if (maxEvaluations <= 0) return null;
  const opened = store();
  if (opened === null) return null;
  try {
    const runId = opened.getAttempt(attemptId)?.runId;
    return runId === undefined ? null : selfEvaluationRefusal({ maxEvaluations }, opened.countEvaluations(runId));
  } catch {
    return null;
  }
};

/**
 * The project's store for the checks of an attempt's `swarm eval`, opened on the first ask:
 * null outside an attempt, without a store, or with one this process cannot open (a sandboxed agent).
 */
const runStore = (project: Project, attemptId: string | null): (() => RunQueries | null) => {
  let opened: RunQueries | null | undefined;
  return () => {
    if (opened !== undefined) return opened;
    try {
      opened = attemptId === null ? null : project.storeIfExists();
    } catch {
      opened = null;
    }
    return opened;
  };
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
