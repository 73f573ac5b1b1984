import { SwarmError } from '../../core/domain/errors.js';
import type { EvaluatorRunner } from '../../core/ports/index.js';
import type { AttemptRecord } from '../../store/records.js';
import { checkoutHead } from '../../workspace/checkout-top-level.js';
import { journaledRows, unrecordedExits } from '../evaluation/evaluation-journal.js';
import { attemptWorktree } from '../project/project-paths.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { rememberProgram, type NoveltyDeps } from './audit/near-duplicate.js';
import { codeHash, rememberCode } from './audit/audit-tree.js';
import { evaluateBaseline, type BaselineStepsDeps } from './baseline.js';
import { evaluateOfficially, judgeEvaluation, type EvaluateDeps } from './evaluate.js';
import { provisionAttempt, type ProvisionDeps } from './provision.js';
import { recordAttempt, type AttemptResult, type RecordDeps } from './record.js';
import { restoreIncumbent, type IncumbentDeps } from './record-stored.js';
import { releaseAttempt, type ReleaseDeps } from './release.js';
import { storeResult, type StoredResultDeps } from './stored-result.js';

/** What provisioning a resumed checkout before its first job needs: provision, the run's runner and logger. */
type ProvisionedRunnerDeps = ProvisionDeps & Pick<RunDeps, 'runner' | 'logger'>;

/** What finishing a planned attempt's evaluation needs: the official evaluation, the code index and signatures, the stored result. */
type FinishDeps = EvaluateDeps & NoveltyDeps & StoredResultDeps;

/** What resuming evaluations needs: the incumbent, both ways of finishing an evaluation, the record and the release, and the full-disk stop. */
export type ResumeDeps = IncumbentDeps & ProvisionedRunnerDeps & FinishDeps & BaselineStepsDeps & RecordDeps & ReleaseDeps & Pick<RunDeps, 'paths'> & Pick<RunState, 'force' | 'halt'>;

/**
 * A killed driver's attempt whose evaluation had kept at least one finished job (evaluation-journal.ts),
 * or has the exit record of one that finished while the driver was being killed (exit-marker.ts).
 */
const resumable = async (ctx: Pick<RunDeps, 'store'>, attempt: AttemptRecord): Promise<boolean> =>
  attempt.status === 'running' && attempt.phase === 'evaluate' && attempt.headCommit !== null
  && (journaledRows(ctx.store, attempt.id, attempt.headCommit).length > 0 || (await unrecordedExits(ctx.store, attempt, attempt.headCommit)) > 0);

const withHead = (attempt: AttemptRecord): attempt is AttemptRecord & { headCommit: string } => attempt.headCommit !== null;

/**
 * The evaluator runner of a resumed evaluation: the fresh checkout is provisioned (workspace
 * setup, links) before the first job that really runs; a resume whose jobs were all kept provisions nothing.
 */
const provisionedFirst = (ctx: ProvisionedRunnerDeps, attempt: AttemptRecord, worktree: string, report: (line: string) => void): EvaluatorRunner => {
  let ready: Promise<void> | null = null;
  const provision = async (): Promise<void> => {
    const failure = await provisionAttempt(ctx, attempt, worktree, { log: ctx.logger, report });
    if (failure !== null) throw new SwarmError('INTERNAL', `the checkout of ${attempt.id} could not be set up again to finish its evaluation: ${failure}`);
  };
  return {
    run: async (job, signal) => {
      ready ??= provision();
      await ready;
      return ctx.runner.run(job, signal);
    },
  };
};

/** The evaluation of a planned attempt finished from its journal, judged with the flags its audit stored. */
const finishOfficial = async (ctx: FinishDeps, runner: EvaluatorRunner, attempt: AttemptRecord & { headCommit: string }, worktree: string): Promise<AttemptResult | null> => {
  const head = attempt.headCommit;
  const official = await evaluateOfficially({ ...ctx, runner }, attempt, { worktree, head });
  if (ctx.force.aborted) return null;
  await rememberCode(ctx, await codeHash(ctx.workspace, head), attempt.id);
  if (attempt.codeSignature !== null) await rememberProgram(ctx, attempt.id, head, attempt.codeSignature);
  const parent = ctx.store.listEdges(ctx.runId).filter((e) => e.to === attempt.id && e.kind !== 'informed_by').sort((a, b) => a.position - b.position)[0]?.from;
  const result = judgeEvaluation(ctx, parent, { head, diff: attempt.diff }, attempt.flags, official.evaluation, official.withinNoise !== null);
  storeResult(ctx, attempt.id, result);
  return result;
};

/**
 * After a kill: the attempts a killed driver was evaluating, whose evaluation had kept at least
 * one finished job, get that evaluation finished on a fresh checkout of their evaluated commit —
 * the kept jobs taken as they were recorded, only the missing ones (later cascade stages,
 * confirmations, the baseline's noise repeats) run — and are recorded. Returns the ids recorded;
 * the others are left `running` for the caller to interrupt.
 */
export const resumeEvaluations = async (ctx: ResumeDeps, attempts: readonly AttemptRecord[], report: (line: string) => void): Promise<string[]> => {
  const recorded: string[] = [];
  const found = await Promise.all(attempts.map((attempt) => resumable(ctx, attempt)));
  const pending = attempts.filter((attempt, index) => found[index] === true).filter(withHead);
  if (pending.length === 0) return recorded;
  restoreIncumbent(ctx);
  const run = ctx.store.requireRun(ctx.runId);
  for (const attempt of pending) {
    const worktree = attemptWorktree(ctx.paths, attempt.id);
    const kept = journaledRows(ctx.store, attempt.id, attempt.headCommit).length;
    const exited = await unrecordedExits(ctx.store, attempt, attempt.headCommit);
    try {
      if (!(await ctx.workspace.branchExists(attempt.branch))) continue;
      await ctx.workspace.checkoutAttempt(attempt.branch, worktree);
      // Its branch ends at the evaluated commit: the findings commit comes only with the record step.
      if ((await checkoutHead(worktree)) !== attempt.headCommit) continue;
      ctx.store.updateAttempt(attempt.id, { worktree });
      const runner = provisionedFirst(ctx, attempt, worktree, report);
      const result = attempt.role === 'baseline'
        ? await evaluateBaseline({ ...ctx, runner }, run, attempt, { worktree, baseCommit: attempt.headCommit }, { log: ctx.logger, warn: report })
        : await finishOfficial(ctx, runner, attempt, worktree);
      if (result === null) continue;
      const parents = ctx.store.listEdges(ctx.runId).filter((e) => e.to === attempt.id && e.kind !== 'informed_by').sort((a, b) => a.position - b.position).map((e) => e.from);
      await recordAttempt(ctx, ctx.store.requireAttempt(attempt.id), { role: attempt.role, parents }, result);
      const ran = journaledRows(ctx.store, attempt.id, attempt.headCommit).length - kept - exited;
      const recovered = exited === 0 ? '' : ` (${exited} of them recorded now from the exit record it left)`;
      report(`${attempt.id}: resumed its evaluation: ${kept + exited} evaluator run(s) finished before the stop kept${recovered}, not run again; ${ran} run now`);
      recorded.push(attempt.id);
    } catch (error) {
      // A full disk stops the run (ctx.halt aborts it): the rest is interrupted, resumed after space is freed.
      if (ctx.halt?.(error) === true) break;
      ctx.logger.warn({ err: error, attempt: attempt.id }, 'could not finish the evaluation of an attempt of the killed run; it is re-planned');
    } finally {
      await releaseAttempt(ctx, attempt.id, worktree);
    }
  }
  if (recorded.length > 0) ctx.logger.info({ recorded }, 'finished the evaluations the previous swarm process had started');
  return recorded;
};
