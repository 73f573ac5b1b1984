import { needsConfirmation } from '../../core/attempt/attempt-confirm.js';
import { WITHIN_NOISE } from '../../core/domain/crowning.js';
import { effectiveConfirm } from '../../core/evaluation/noise-margin.js';
import { runNoise, withinNoise } from './crown-check.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import { ESCAPING_SYMLINK, escapingSymlinkReason } from '../../core/trust/escaping-symlinks.js';
import { violatedConstraint } from '../../core/objectives/constraints.js';
import type { AttemptRecord } from '../../store/records.js';
import { attemptEvaluationInput, confirmBest, evaluateCheckout, type CheckoutEvaluation, type EvaluationDeps } from '../evaluation/evaluate-checkout.js';
import { PROTECTED_VIOLATION } from '../evaluation/guard-evaluation.js';
import { storeResult } from './stored-result.js';
import { evaluationJournal } from '../evaluation/evaluation-journal.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { outputUnchanged, type ChangeAudit } from './audit/audit-change.js';
import { rememberCode, type CodeIndexDeps } from './audit/audit-tree.js';
import type { CommittedWork } from './commit.js';
import { applyConstraints } from './feasibility.js';
import { findNearDuplicate, NEAR_DUPLICATE, rememberProgram } from './audit/near-duplicate.js';
import { parentResultForComments } from './audit/comments-reuse.js';
import { movePhase } from './phase.js';
import { EDIT_FAILED, editFailedFlags } from '../../core/attempt/edit-failed.js';
import type { AttemptResult } from './record.js';

/** The audit flag of an attempt whose evaluator left processes running after it exited. */
export const LEFTOVER_PROCESSES = 'leftover-processes';

export type EvaluateDeps = EvaluationDeps & CodeIndexDeps & Pick<RunDeps, 'evalQueue'> & Pick<RunState, 'incumbent'>;

/**
 * Official evaluation. Every attempt of a run is scored with the same seed (`shepherd.seed`, the
 * default of `swarm eval` too), so scores of a stochastic evaluator are comparable and an agent's
 * own measurements match the official one; a new best is confirmed with the following seeds.
 * Each job's row is kept the moment it ends (evaluation-journal.ts): a kill from then on never
 * runs that job on this commit again; a resumed evaluation (resume-evaluation.ts) takes it back.
 */
export const evaluateOfficially = async (ctx: EvaluateDeps, attempt: AttemptRecord, work: Pick<CommittedWork, 'worktree' | 'head'>): Promise<OfficialEvaluation> => {
  const journal = evaluationJournal(ctx.store, attempt.id, work.head);
  const input = { ...(await attemptEvaluationInput(ctx, attempt, work.worktree, 'official', ctx.config.shepherd.seed)), journal };
  const first = await evaluateCheckout(input);
  // A noisy evaluator (the baseline's noise check): confirmed twice unless configured, crowned only beyond the margin.
  const noise = runNoise(ctx);
  const confirm = effectiveConfirm(ctx.config.evaluator.confirm, noise);
  const { objective } = ctx.config;
  // An infeasible result is never crowned, so it is never confirmed either.
  if (violatedConstraint(objective.constraints, objective.metric, first.final.score, first.final.metrics) !== null) return { evaluation: first, withinNoise: null };
  if (!needsConfirmation(first.final, ctx.incumbent?.score ?? null, confirm, objective.direction)) return { evaluation: first, withinNoise: withinNoise(ctx, noise, first.final, 1) };
  const confirmed = await confirmBest(input, first.final, confirm);
  const evaluation = { final: confirmed.final, results: [...first.results, ...confirmed.results], violations: confirmed.violations };
  return { evaluation, withinNoise: withinNoise(ctx, noise, confirmed.final, 1 + confirm) };
};

/** An official evaluation, and the noise margin its score did not clear (null: it did, or no noise). */
export interface OfficialEvaluation {
  evaluation: CheckoutEvaluation;
  withinNoise: { margin: number } | null;
}

/**
 * Step evaluate: the agent's committed work judged. A failed or abstaining agent has nothing to
 * evaluate; a change to a protected file (against the run's baseline, not the parent: no lineage
 * can carry one) is invalid unevaluated; byte-identical code reuses its twin's result; anything
 * else is evaluated on the run's evaluation queue. The result is stored before the record step.
 * Null when a second Ctrl-C stopped the evaluation: the attempt is then interrupted.
 * `started` is called when the evaluator gets its evaluation slot (the async scheduler then plans
 * the next attempt, so it is ready when a slot frees).
 */
export const evaluateWork = async (
  ctx: EvaluateDeps,
  attempt: AttemptRecord,
  spec: AttemptSpec,
  work: CommittedWork,
  audit: ChangeAudit,
  started: () => void = () => undefined,
): Promise<AttemptResult | null> => {
  const { outcome, head, diff } = work;
  const flags = [...audit.flags];
  // Nothing changed because the agent's edits failed (a sandbox, a denial, a read-only file): not an agent without ideas.
  if (editFailedFlags(audit.flags, outcome.editFailures ?? [])) flags.push(EDIT_FAILED);
  if (outcome.status !== 'completed') {
    const reason = outcome.status === 'abstained' ? `agent abstained: ${outcome.summary}` : `agent failed: ${outcome.error ?? 'no reason given'}`;
    return { kind: 'failed', reason, head, diff, flags, evaluation: null };
  }
  // Flags and diff with the move: a resumed evaluation (resume-evaluation.ts) judges from them.
  movePhase(ctx.store, attempt.id, 'evaluate', { headCommit: head, diff, flags });
  // Invalid unevaluated: an evaluation would run through the link, and no child may inherit it.
  if (audit.escapingLinks.length > 0) {
    return { kind: 'invalid', reason: escapingSymlinkReason(audit.escapingLinks), head, diff, flags: [...flags, ESCAPING_SYMLINK], evaluation: null };
  }
  const violations = await ctx.workspace.protectedViolations(ctx.store.requireRun(ctx.runId).baseCommit, head, ctx.config.evaluator.protect);
  if (violations.length > 0) {
    const reason = `protected files changed: ${violations.join(', ')}; agents may not modify evaluator.protect paths`;
    return { kind: 'invalid', reason, head, diff, flags: [...flags, PROTECTED_VIOLATION], evaluation: null };
  }
  if (audit.reuse) flags.push(`reused:${audit.reuse.from}`);
  // Comments only, exactly: the parent's program, so its result (a new measurement would be noise).
  const parentCopy = audit.reuse === null ? parentResultForComments(ctx, spec, audit) : null;
  if (parentCopy !== null) flags.push(`reused:${parentCopy.from}`);
  // Near-duplicates (shepherd.novelty) reuse the nearest evaluated program's result, like a twin's;
  // an optimizer's small steps on its own parent are its job, so that parent is not compared.
  const near = audit.reuse === null && parentCopy === null ? await findNearDuplicate(ctx, head, audit.signature, spec.role === 'optimizer' ? spec.parents.slice(0, 1) : []) : null;
  if (near !== null) flags.push(`${NEAR_DUPLICATE}${near.from}`);
  const copied = audit.reuse ?? parentCopy ?? near;
  let noisy: OfficialEvaluation['withinNoise'] = null;
  const evaluation = copied
    ? copied.evaluation
    : await ctx.evalQueue.add(async () => {
        started();
        const official = await evaluateOfficially(ctx, attempt, work);
        noisy = official.withinNoise;
        return official.evaluation;
      });
  if (!evaluation || ctx.force.aborted) return null;
  await rememberCode(ctx, audit.codeHash, attempt.id);
  if (copied === null) await rememberProgram(ctx, attempt.id, head, audit.signature);
  const result = judgeEvaluation(ctx, spec.parents[0], work, flags, evaluation, noisy !== null);
  storeResult(ctx, attempt.id, result, copied ? evaluation.results : []);
  return result;
};

/**
 * The end of step evaluate, shared with a resumed evaluation: the flags the evaluation itself
 * earned (within-noise, output-unchanged, protected-violation, leftover-processes) added to the
 * audit's `flags`, and the attempt's result.
 */
export const judgeEvaluation = (
  ctx: EvaluateDeps,
  parent: string | undefined,
  work: { head: string; diff: AttemptResult['diff'] },
  audited: readonly string[],
  evaluation: CheckoutEvaluation,
  noisy: boolean,
): AttemptResult => {
  const { head, diff } = work;
  const flags = [...audited];
  if (noisy) flags.push(WITHIN_NOISE);
  if (!audited.includes('no-change') && outputUnchanged(ctx, parent, evaluation.final)) flags.push('output-unchanged');
  if (evaluation.violations.length > 0) flags.push(PROTECTED_VIOLATION);
  // The evaluator exited and left processes running (stopped by the runner): the score counts, the habit is named.
  if (evaluation.results.some((r) => (r.outcome.leftoverProcesses ?? 0) > 0)) flags.push(LEFTOVER_PROCESSES);
  return evaluation.final.valid
    ? applyConstraints(ctx.config, { kind: 'scored', reason: null, head, diff, flags, evaluation })
    : { kind: 'invalid', reason: evaluation.final.reason ?? 'evaluation invalid', head, diff, flags, evaluation };
};
