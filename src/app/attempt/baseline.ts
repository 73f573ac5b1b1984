import { attemptBranch, attemptId, runId as toRunId } from '../../core/domain/ids.js';
import type { AttemptRecord, RunRecord } from '../../store/records.js';
import { checkBaselineNoise } from '../evaluation/baseline-noise.js';
import { attemptEvaluationInput, evaluateCheckout, type EvaluationDeps } from '../evaluation/evaluate-checkout.js';
import { evaluationJournal } from '../evaluation/evaluation-journal.js';
import { PROTECTED_VIOLATION } from '../evaluation/guard-evaluation.js';
import { attemptLogDir, attemptWorktree } from '../project/project-paths.js';
import type { AttemptOrigin, AttemptResult } from './record.js';
import { applyConstraints } from './feasibility.js';
import { movePhase } from './phase.js';
import { runAttempt, type AttemptSteps, type RunAttemptDeps } from './lifecycle.js';
import type { Logger } from '../project/logger.js';
import { storeResult, type StoredResultDeps } from './stored-result.js';
import type { RunDeps } from '../context/run-context.js';
import { provisionAttempt, type ProvisionDeps } from './provision.js';
import { recordSetupFailure, type StopDeps } from './record-stop.js';

/** The baseline's place in the findings: a program of its own, with no parents. */
const BASELINE: AttemptOrigin = { role: 'baseline', parents: [] };

/** What the baseline's prepare step hands its evaluate step (no agent ran, nothing was committed). */
export interface BaselineWork {
  worktree: string;
  baseCommit: string;
}

/** What the baseline's steps need: provision, its evaluation (with the noise check) and the stored result. */
export type BaselineStepsDeps = ProvisionDeps & StopDeps & EvaluationDeps & StoredResultDeps & Pick<RunDeps, 'paths' | 'logger'>;

/** What evaluating the baseline, from its creation to its record, needs. */
export type BaselineDeps = BaselineStepsDeps & RunAttemptDeps;

/**
 * The baseline's variant of the attempt's step list: prepare (the run's base commit on the
 * baseline's branch, provisioned), no agent and no commit, then evaluate (with the noise check;
 * no audit: there is no change to audit) and the record of the life cycle.
 */
const baselineSteps = (ctx: BaselineStepsDeps, run: RunRecord, attempt: AttemptRecord, out: { log: Logger; warn: (line: string) => void }): AttemptSteps<BaselineWork> => ({
  work: async () => {
    const worktree = attemptWorktree(ctx.paths, attempt.id);
    const prepared = await ctx.workspace.prepareAttempt({
      branch: attempt.branch,
      worktreePath: worktree,
      parents: [{ commit: run.baseCommit, label: 'baseline' }],
      message: `swarm: baseline of ${run.id}`,
      trailers: { 'Swarm-Attempt': attempt.id },
    });
    const setupFailure = await provisionAttempt(ctx, attempt, worktree, { log: out.log, report: out.warn });
    if (setupFailure !== null) {
      await recordSetupFailure(ctx, attempt, BASELINE, setupFailure, out.log);
      return 'setup-failed';
    }
    movePhase(ctx.store, attempt.id, 'evaluate', { worktree, baseCommit: prepared.baseCommit, headCommit: prepared.baseCommit, summary: 'baseline program' });
    return { worktree, baseCommit: prepared.baseCommit };
  },
  evaluate: async ({ worktree, baseCommit }) => {
    // Each job kept as it ends (evaluation-journal.ts): a resumed baseline (resume-evaluation.ts) runs only what is missing.
    const journal = evaluationJournal(ctx.store, attempt.id, baseCommit);
    const input = { ...(await attemptEvaluationInput(ctx, attempt, worktree, 'baseline', attempt.seed)), journal };
    const first = await evaluateCheckout(input);
    const checked = ctx.config.evaluator.noiseCheck && !ctx.force.aborted;
    const noise = checked ? await checkBaselineNoise(input, first, ctx.config.evaluator.confirm) : { evaluation: first, warning: null, noise: null };
    const evaluation = noise.evaluation;
    if (noise.warning !== null) {
      out.warn(noise.warning);
      ctx.logger.warn({ attempt: attempt.id }, noise.warning);
      ctx.store.addEvent(ctx.runId, 'baseline.noisy', { warning: noise.warning, sd: noise.noise?.spread.sd ?? null }, attempt.id);
    }
    // Said once, with the spread: how a new best is crowned from now on (issue 38).
    if (noise.noise !== null) {
      out.warn(noise.noise.line);
      ctx.logger.info({ attempt: attempt.id, spread: noise.noise.spread }, noise.noise.line);
    } else if (!ctx.config.evaluator.noiseCheck) {
      out.warn('note: evaluator.noiseCheck is false: the evaluator\'s noise is not measured, and a new best is crowned on its score alone, without a noise margin');
    }
    if (ctx.force.aborted) return null;
    const valid = evaluation.final.valid;
    const result: AttemptResult = applyConstraints(ctx.config, {
      kind: valid ? 'scored' : 'invalid',
      reason: valid ? null : evaluation.final.reason,
      head: baseCommit,
      diff: null,
      flags: evaluation.violations.length > 0 ? [PROTECTED_VIOLATION] : [],
      evaluation,
    });
    storeResult(ctx, attempt.id, result);
    return result;
  },
});

/**
 * The baseline's evaluate step on a checkout of its commit (its evaluation resumed after a kill:
 * resume-evaluation.ts); null when a second Ctrl-C stopped it.
 */
export const evaluateBaseline = (ctx: BaselineStepsDeps, run: RunRecord, attempt: AttemptRecord, work: BaselineWork, out: { log: Logger; warn: (line: string) => void }): Promise<AttemptResult | null> =>
  baselineSteps(ctx, run, attempt, out).evaluate(work);

/**
 * Wave 0: the unmodified program at the run's base commit, evaluated like any attempt so every
 * later score has a reference and every branch starts from a findings.md that records it.
 */
export const ensureBaseline = async (ctx: BaselineDeps, run: RunRecord, warn: (line: string) => void = () => undefined): Promise<AttemptRecord> => {
  const existing = ctx.store.listAttempts(run.id).find((a) => a.role === 'baseline' && a.status !== 'interrupted');
  if (existing) return existing;
  const attempt = ctx.store.createAttempt({
    runId: run.id,
    wave: 0,
    role: 'baseline',
    operator: 'baseline',
    backend: 'none',
    seed: ctx.config.shepherd.seed,
    context: null,
    parents: [],
    informedBy: [],
    paths: (id) => ({ branch: attemptBranch(toRunId(run.id), attemptId(id)), logDir: attemptLogDir(ctx.paths, id) }),
  });
  const log = ctx.logger.child({ run: ctx.runId, attempt: attempt.id });
  await runAttempt(ctx, attempt, BASELINE, baselineSteps(ctx, run, attempt, { log, warn }), { log, crashes: 'thrown' });
  return ctx.store.requireAttempt(attempt.id);
};
