import { join } from 'node:path';
import { findAgentBackend } from '../../agents/registry.js';
import { addUsage } from '../../core/budget/pricing.js';
import { formatScore } from '../../core/domain/score.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import type { Logger } from '../project/logger.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import type { AgentBrief } from './agent-brief.js';
import { auditChange, type AuditDeps, type ChangeAudit } from './audit/audit-change.js';
import { findNearDuplicate, type NoveltyDeps } from './audit/near-duplicate.js';
import { commitWork, type CommitDeps, type CommittedWork } from './commit.js';
import type { PreparedWorktree } from './prepare.js';
import { runAgent, type RunAgentDeps } from './run-agent.js';

/** The event of a near-duplicate sent back to its agent once, to try something different. */
export const REVISE_EVENT = 'novelty.revise';

/** What the agent is told when its program is a near twin of an evaluated one. */
export const reviseMessage = (twin: { id: string; score: number | null }, similarity: number): string =>
  [
    `Your program is a near-duplicate of ${twin.id} (similarity ${similarity.toFixed(2)}), which this run has already evaluated (score ${formatScore(twin.score)}).`,
    'Evaluating yours would teach nothing new. Try something different: change the approach itself, not its layout, names or comments.',
    'Edit the files in your worktree again, then finish.',
  ].join(' ');

export interface AgentTurnResult {
  work: CommittedWork;
  prepared: PreparedWorktree;
  brief: AgentBrief;
}

/** What the revise step needs: what its near-duplicate search, second agent turn, commit and audit need, an agent slot and the forced stop. */
export type ReviseDeps = NoveltyDeps & RunAgentDeps & CommitDeps & AuditDeps & Pick<RunDeps, 'agentQueue'> & Pick<RunState, 'force'>;

/**
 * Step revise (shepherd.novelty): a completed attempt whose program is a near-duplicate of an
 * evaluated one, on a backend that can continue its conversation, gets ONE follow-up turn asking
 * for something different, then is committed and audited again; the evaluate step falls back to
 * reusing the twin's result when the new program is still a near twin. Returns the work as it
 * stands; null when a Ctrl-C ended the wait for an agent slot.
 */
export const reviseNearDuplicate = async (
  ctx: ReviseDeps,
  attempt: AttemptRecord,
  spec: AttemptSpec,
  turn: AgentTurnResult,
  audit: ChangeAudit,
  out: { log: Logger; report: (line: string) => void },
): Promise<{ work: CommittedWork; audit: ChangeAudit } | null> => {
  const { work, prepared, brief } = turn;
  const session = work.outcome.session;
  const unchanged = { work, audit };
  if (ctx.config.shepherd.novelty.threshold === null || work.outcome.status !== 'completed' || session === undefined || audit.reuse !== null) return unchanged;
  // Keyed by the session's backend, not the attempt's (a pool entry has a name of its own); its descriptor says whether it can continue.
  if (findAgentBackend(session.backend)?.capabilities.revisesNearDuplicate !== true || audit.escapingLinks.length > 0) return unchanged;
  const near = await findNearDuplicate(ctx, work.head, audit.signature, spec.role === 'optimizer' ? spec.parents.slice(0, 1) : []);
  if (near === null) return unchanged;
  const twin = { id: near.from, score: ctx.store.getAttempt(near.from)?.score ?? null };
  const prompt = reviseMessage(twin, near.similarity);
  ctx.store.addEvent(ctx.runId, REVISE_EVENT, { near: near.from, similarity: near.similarity }, attempt.id);
  out.log.info({ near: near.from, similarity: near.similarity }, 'near-duplicate: asking the agent once to try something different');
  const followUp: AgentBrief = { prompt, forkFrom: session, inspirations: brief.inspirations, ...(brief.systemPrompt === undefined ? {} : { systemPrompt: brief.systemPrompt }), ...(brief.parentScore ? { parentScore: brief.parentScore } : {}) };
  // Its own log folder: the first turn's transcript stays as it was.
  const outcome = await ctx.agentQueue.add(async () => (ctx.force.aborted ? null : runAgent(ctx, { ...attempt, logDir: join(attempt.logDir, 'revise') }, spec, prepared, followUp, out)));
  // The stored prompt keeps the first turn's, the follow-up appended (`swarm show` prints both).
  ctx.store.updateAttempt(attempt.id, { prompt: `${brief.prompt}\n\n--- follow-up: near-duplicate of ${near.from} ---\n${prompt}` });
  if (!outcome) return null;
  const summed = { ...outcome, usage: addUsage(work.outcome.usage, outcome.usage), hypothesis: outcome.hypothesis ?? work.outcome.hypothesis };
  const revised = await commitWork(ctx, attempt, spec, prepared, summed, session);
  const again = await auditChange(ctx, { base: revised.baseCommit, head: revised.head }, revised.diff.paths, spec.parents, revised.diff.links);
  ctx.store.updateAttempt(attempt.id, { codeSignature: again.signature });
  return { work: revised, audit: again };
};
