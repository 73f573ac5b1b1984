import type { AgentOutcome, SessionRef } from '../../core/ports/index.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import type { DiffStat } from '../../workspace/index.js';
import type { RunDeps } from '../context/run-context.js';
import { REFUSED_PATH_EVENT } from '../evaluation/driver-evaluation.js';
import { PERMISSION_DENIED_EVENT } from './permission-denials.js';
import { editFailureNote } from '../../core/attempt/edit-failed.js';
import { movePhase } from './phase.js';
import type { PreparedWorktree } from './prepare.js';

/** What the agent left: its outcome and the commit of its work on top of the prepared base. */
export interface CommittedWork {
  outcome: AgentOutcome;
  worktree: string;
  baseCommit: string;
  head: string;
  diff: DiffStat;
}

/** What the commit step needs: the store for the agent's outcome, git for the commit. */
export type CommitDeps = Pick<RunDeps, 'runId' | 'store' | 'workspace'>;

/**
 * Step commit: the agent's outcome stored (hypothesis, summary, usage, session, permission
 * denials, edits that failed), then everything in the worktree committed, whatever the agent committed itself.
 */
export const commitWork = async (
  ctx: CommitDeps,
  attempt: AttemptRecord,
  spec: AttemptSpec,
  prepared: PreparedWorktree,
  outcome: AgentOutcome,
  forkFrom: SessionRef | undefined,
): Promise<CommittedWork> => {
  movePhase(ctx.store, attempt.id, 'commit', {
    hypothesis: outcome.hypothesis,
    summary: outcome.summary,
    usage: outcome.usage,
    session: outcome.session ?? null,
    transcriptPath: outcome.transcriptPath ?? null,
    // The agent's own words for edits that failed: the attempt's note, which its flag and the breaker quote.
    error: [outcome.error, editFailureNote(outcome.editFailures ?? [])].filter((x) => x !== undefined && x !== null).join('; ') || null,
  });
  const denials = outcome.permissionDenials ?? [];
  if (denials.length > 0) ctx.store.addEvent(ctx.runId, PERMISSION_DENIED_EVENT, { count: denials.length, denials }, attempt.id);
  if (outcome.session) {
    ctx.store.saveSession({ attemptId: attempt.id, ref: outcome.session, parentSessionId: forkFrom?.id ?? null, messagesJson: outcome.historyJson ?? null });
  }
  const subject = `${attempt.id}: ${outcome.summary || `${spec.role} attempt`}`;
  // git must commit to the attempt's branch, whatever the agent did to the worktree's link to it.
  const restored = await ctx.workspace.reclaimWorktree(prepared.worktree, attempt.branch);
  if (restored.length > 0) ctx.store.addEvent(ctx.runId, REFUSED_PATH_EVENT, { problem: `the agent changed ${restored.join(' and ')}; swarm put it back before committing` }, attempt.id);
  const { commit, diff } = await ctx.workspace.commitAllWithStat(prepared.worktree, { subject, trailers: prepared.trailers }, prepared.baseCommit);
  return { outcome, worktree: prepared.worktree, baseCommit: prepared.baseCommit, head: commit, diff };
};
