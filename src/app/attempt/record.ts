import { crownable } from '../../core/domain/crowning.js';
import { formatScore, isBetter } from '../../core/domain/score.js';
import type { Role } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import { appendFindings, formatFindingsEntry } from '../../workspace/index.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { updateFront } from './pareto.js';
import { endAttempt, movePhase } from './phase.js';

export type { AttemptResult } from './attempt-result.js';
import type { AttemptResult } from './attempt-result.js';

/** What the record step reads and writes; `incumbent` is updated on the object passed in. */
export type RecordDeps = Pick<RunDeps, 'runId' | 'config' | 'store' | 'workspace' | 'logger'> & Pick<RunState, 'incumbent'>;

export type AttemptOrigin = { role: Role; parents: readonly string[] };

/**
 * Commits the factual findings.md entry on the attempt's branch, in its worktree, and returns the
 * new tip. The branch gets the agent's commit as it was before evaluation plus the entry, never
 * what the evaluation wrote; with no commit yet (a failure before it), nothing was evaluated.
 */
export const commitFindings = async (
  workspace: RunDeps['workspace'],
  current: AttemptRecord & { worktree: string },
  origin: AttemptOrigin,
  outcome: Pick<AttemptResult, 'kind' | 'reason' | 'head'> & { score: number | null },
): Promise<string> => {
  const description = current.summary ?? current.hypothesis ?? `${origin.role} attempt`;
  const evaluated = outcome.head ?? current.headCommit;
  // A scored attempt without a score broke a constraint: its reason names the bound.
  const failure = outcome.kind === 'scored' && outcome.score !== null ? null : outcome.reason;
  const entry = formatFindingsEntry({ attemptId: current.id, role: origin.role, parents: [...origin.parents], description, score: outcome.score, failure });
  const subject = `${current.id}: ${description} | ${outcome.kind === 'scored' ? (outcome.score === null ? 'infeasible' : `score = ${formatScore(outcome.score)}`) : outcome.kind}`;
  const trailers = { 'Swarm-Attempt': current.id };
  // One fast-import onto the evaluated commit: the worktree (and what the evaluation wrote) is left alone.
  if (evaluated !== null) return workspace.commitFindings({ branch: current.branch, onto: evaluated, entry, subject, trailers });
  await workspace.reclaimWorktree(current.worktree, current.branch);
  await appendFindings(current.worktree, entry);
  return (await workspace.commitAll(current.worktree, { subject, trailers })).commit;
};

const hasWorktree = (attempt: AttemptRecord): attempt is AttemptRecord & { worktree: string } => attempt.worktree !== null;

/**
 * Writes the findings.md entry on the attempt's branch (always, even when the agent wrote none),
 * then records the attempt's outcome and event in one transaction.
 */
export const recordAttempt = async (ctx: RecordDeps, attempt: AttemptRecord, origin: AttemptOrigin, result: AttemptResult): Promise<void> => {
  const current = ctx.store.requireAttempt(attempt.id);
  const score = result.kind === 'scored' ? (result.evaluation?.final.score ?? null) : null;
  let tip = result.head;
  if (hasWorktree(current)) {
    movePhase(ctx.store, attempt.id, 'record');
    tip = await commitFindings(ctx.workspace, current, origin, { ...result, score });
  }
  const final = result.evaluation?.final ?? null;
  // The evaluation rows are already stored, the moment they were known (stored-result.ts).
  ctx.store.transaction(() => {
    endAttempt(ctx.store, attempt.id, result.kind, {
      score,
      valid: final === null ? null : result.kind === 'scored',
      reason: result.reason,
      metrics: final?.metrics ?? null,
      headCommit: result.head,
      tipCommit: tip,
      diff: result.diff,
      flags: result.flags,
      finishedAt: Date.now(),
    });
    ctx.store.addEvent(ctx.runId, 'attempt.finished', { status: result.kind, score, reason: result.reason }, attempt.id);
    if (score !== null) updateFront(ctx, attempt.id);
  });
  // A near-duplicate's copied result (issue 32), a comments-only change and a score within the
  // evaluator's noise (issue 38) never crown an attempt.
  if (score !== null && crownable(result.flags) && isBetter(score, ctx.incumbent?.score ?? null, ctx.config.objective.direction)) {
    ctx.incumbent = { id: attempt.id, score };
    ctx.store.addEvent(ctx.runId, 'best.improved', { score }, attempt.id);
  }
  ctx.logger.info({ attempt: attempt.id, status: result.kind, score, reason: result.reason }, 'attempt recorded');
};
