import { join } from 'node:path';
import { passedEnv } from '../../core/trust/env-allow-list.js';
import type { EvalOutcome, EvaluatorRunner } from '../../core/ports/index.js';
import type { Direction } from '../../core/domain/score.js';
import { evaluationStages, type StageConfig } from '../../config-assembly/index.js';
import { runCascade } from '../../eval/run-cascade.js';
import type { EvaluationKind } from '../../store/records.js';
import { referenceFromCommit, type ProtectedReference } from '../../workspace/protected-files.js';
import { collectArtifacts } from './collect-artifacts.js';
import { journaledRunner, type EvaluationJournal } from './evaluation-journal.js';
import { guardProtected, violatedPathsOf } from './guard-evaluation.js';
import { guardLinks } from './guard-links.js';
import { sharedLinkTargets } from './link-targets.js';
import { redactEvalOutcome, redactLogFiles } from './redaction.js';
import type { RunDeps, RunState } from '../context/run-context.js';

export interface StageResult {
  stage: string;
  seed: number;
  kind: EvaluationKind;
  outcome: EvalOutcome;
}

export interface CheckoutEvaluation {
  /** The outcome that decides the attempt (a cascade's final stage, with confirmations folded in). */
  final: EvalOutcome;
  /** Every stage run, in order, for the record. */
  results: StageResult[];
  /** Protected paths the evaluated program changed (each makes its stage invalid). */
  violations: string[];
}

export interface EvaluateCheckoutInput {
  runner: EvaluatorRunner;
  stages: StageConfig[];
  /** The evaluator's working directory: the project folder of the checkout. */
  cwd: string;
  /** That folder in the repository ('' or absent: the checkout's top). */
  subdir?: string;
  logDir: string;
  metric: string;
  direction: Direction;
  seed: number;
  env: Record<string, string>;
  kind: StageResult['kind'];
  signal: AbortSignal;
  /** What the protected paths must hold during each stage; null = nothing protected. */
  protection: ProtectedReference | null;
  /** Globs of output files copied to `dir` after the evaluation (`evaluator.artifacts`). */
  artifacts: { globs: string[]; dir: string } | null;
  /** Checkout paths shared into `cwd` by workspace.link, checked around each stage (absent or null: none). */
  links?: { root: string; targets: string[] } | null;
  /** Where each job's outcome is kept the moment it ends, and taken from on a resume (absent: none; see evaluation-journal.ts). */
  journal?: EvaluationJournal;
}

/**
 * Runs the evaluation cascade on a checkout: protected paths guarded around every stage, declared
 * artifacts kept, secrets redacted from the outcomes. Never throws for a failing program.
 */
export const evaluateCheckout = async (input: EvaluateCheckoutInput): Promise<CheckoutEvaluation> => {
  const links = input.links === undefined || input.links === null || input.links.targets.length === 0 ? null : guardLinks(input.runner, input.links.root, input.links.targets);
  const inner = links?.runner ?? input.runner;
  const guarded = input.protection === null ? null : guardProtected(inner, input.protection);
  // Outermost: the journal keeps the outcome as recorded (guarded), and a kept job runs no guard:
  // the protected paths a kept outcome's reason names count as this evaluation's violations.
  const retaken: string[] = [];
  const runner = input.journal === undefined
    ? guarded?.runner ?? inner
    : journaledRunner(guarded?.runner ?? inner, input.journal, input.kind, (kept) => retaken.push(...violatedPathsOf(kept.reason)));
  const cascade = await runCascade(
    runner,
    input.stages,
    { cwd: input.cwd, seed: input.seed, env: input.env, logDir: input.logDir, metric: input.metric },
    input.direction,
    input.signal,
  );
  if (input.artifacts !== null) await collectArtifacts(input.cwd, input.artifacts.globs, input.artifacts.dir, input.subdir ?? '');
  await redactLogFiles(input.logDir);
  return {
    final: redactEvalOutcome(cascade.final),
    results: cascade.stages.map((s) => ({ stage: s.stage, seed: input.seed, kind: input.kind, outcome: redactEvalOutcome(s.outcome) })),
    violations: [...new Set([...(guarded?.violations() ?? []), ...retaken]), ...(links?.violations() ?? [])],
  };
};

/**
 * Re-evaluates a would-be new best with other seeds before it is crowned. The crowned score is
 * the mean over all seeds; any invalid confirmation makes the attempt invalid, with its reason.
 */
export const confirmBest = async (input: EvaluateCheckoutInput, first: EvalOutcome, times: number): Promise<CheckoutEvaluation> => {
  const results: StageResult[] = [];
  const scores = [first.score ?? 0];
  for (let i = 1; i <= times; i++) {
    const seed = input.seed + i;
    const artifacts = input.artifacts === null ? null : { ...input.artifacts, dir: join(input.artifacts.dir, `confirm-${seed}`) };
    const run = await evaluateCheckout({ ...input, seed, kind: 'confirm', artifacts });
    results.push(...run.results);
    if (!run.final.valid || run.final.score === null) {
      const final = { ...run.final, valid: false, score: null, reason: `confirmation with seed ${seed} failed: ${run.final.reason ?? 'no score'}` };
      return { final, results, violations: run.violations };
    }
    scores.push(run.final.score);
  }
  const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
  return { final: { ...first, score: mean, metrics: { ...first.metrics, [input.metric]: mean } }, results, violations: [] };
};

/** What an attempt's evaluation reads of the run. */
export type EvaluationDeps = Pick<RunDeps, 'runId' | 'config' | 'runner' | 'store' | 'workspace'> & Pick<RunState, 'force'>;

// Per store and run: the driver's context and the hand-off's view of it share one reference.
const references = new WeakMap<EvaluationDeps['store'], Map<string, Promise<ProtectedReference>>>();

/** The protected files of the run's baseline commit (not of the attempt's parent), read once per run. */
export const runProtection = (ctx: EvaluationDeps): Promise<ProtectedReference> => {
  let byRun = references.get(ctx.store);
  if (byRun === undefined) {
    byRun = new Map();
    references.set(ctx.store, byRun);
  }
  let reference = byRun.get(ctx.runId);
  if (reference === undefined) {
    reference = referenceFromCommit(ctx.workspace.root, ctx.store.requireRun(ctx.runId).baseCommit, ctx.config.evaluator.protect, ctx.workspace.subdir);
    byRun.set(ctx.runId, reference);
  }
  return reference;
};

/**
 * The evaluation input of one attempt of a run: its stages, checkout, objective, protection,
 * artifacts and environment (`evaluator.passEnv` names, `evaluator.env`, SWARM_* ids).
 */
export const attemptEvaluationInput = async (
  ctx: EvaluationDeps,
  attempt: { id: string; logDir: string },
  cwd: string,
  kind: StageResult['kind'],
  seed: number,
): Promise<EvaluateCheckoutInput> => ({
  runner: ctx.runner,
  stages: evaluationStages(ctx.config.evaluator),
  // The evaluator works in the project's folder of the worktree (a monorepo package), as in the checkout.
  cwd: ctx.workspace.projectFolder(cwd),
  subdir: ctx.workspace.subdir,
  logDir: attempt.logDir,
  metric: ctx.config.objective.metric,
  direction: ctx.config.objective.direction,
  seed,
  env: { ...passedEnv(process.env, ctx.config.evaluator.passEnv), ...ctx.config.evaluator.env, SWARM_RUN_ID: ctx.runId, SWARM_ATTEMPT_ID: attempt.id },
  kind,
  signal: ctx.force,
  protection: await runProtection(ctx),
  artifacts: { globs: ctx.config.evaluator.artifacts, dir: join(attempt.logDir, 'artifacts') },
  links: sharedLinkTargets(ctx.config, ctx.workspace.root, ctx.workspace.subdir),
});
