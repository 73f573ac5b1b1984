import { bestWanted, programSources, promptInspirations } from '../../core/attempt/attempt-inspirations.js';
import { composeAgentPrompt, type ParentBrief } from '../../core/attempt/agent-prompt.js';
import type { InspirationRef, ParentScore, SessionRef } from '../../core/ports/index.js';
import { SELF_EVAL_COMMAND } from '../../core/attempt/self-eval-commands.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import { attemptWorktree } from '../project/project-paths.js';
import type { RunDeps } from '../context/run-context.js';

/** What an agent is told: its prompt, the session it continues, the programs it may read. */
export interface AgentBrief {
  prompt: string;
  /** The parent's session an optimizer forks (absent: a fresh conversation). */
  forkFrom?: SessionRef;
  inspirations: InspirationRef[];
  /** The only parent's recorded official result (absent for a merge). */
  parentScore?: ParentScore;
  /** The explorer's instruction variant (shepherd.metaPrompts); absent: the role's instructions. */
  systemPrompt?: string;
}

export type BriefDeps = Pick<RunDeps, 'runId' | 'config' | 'task' | 'paths' | 'store'> & Partial<Pick<RunDeps, 'memory'>>;

const briefsOf = (ctx: BriefDeps, ids: readonly string[]): ParentBrief[] =>
  ids.map((id) => {
    const attempt = ctx.store.getAttempt(id);
    // Only the run's own evaluations: review and held-out scores are never shown to agents.
    const lastEval = attempt ? ctx.store.listEvaluations(id).filter((e) => e.kind === 'official' || e.kind === 'baseline' || e.kind === 'confirm').at(-1) : undefined;
    return {
      id,
      score: attempt?.score ?? null,
      status: attempt?.status ?? 'unknown',
      hypothesis: attempt?.hypothesis ?? null,
      feedback: lastEval?.feedback ?? null,
      reason: attempt?.reason ?? null,
    };
  });

/** The other attempts the prompt shows (core/attempt-inspirations.ts decides which). */
const shownInspirations = (ctx: BriefDeps, spec: AttemptSpec): string[] => {
  const limit = ctx.config.agent.diff.inspirations;
  if (limit <= 0) return [];
  return promptInspirations(spec, ctx.store.bestAttemptIds(ctx.runId, ctx.config.objective.direction, bestWanted(spec, limit)), limit);
};

/** Commits of the declared sources that have one, for agents that read programs. */
const readablePrograms = (ctx: BriefDeps, spec: AttemptSpec): InspirationRef[] =>
  programSources(spec).flatMap((id) => {
    const source = ctx.store.getAttempt(id);
    const commit = source?.tipCommit ?? source?.headCommit ?? null;
    return commit === null ? [] : [{ attemptId: id, commit, score: source?.score ?? null }];
  });

/**
 * The official result of an only parent, whose program the worktree starts from (a merge's is
 * neither parent's). A parent that is not `scored` has no valid score, even where one is stored.
 */
const parentScoreOf = (ctx: BriefDeps, spec: AttemptSpec): ParentScore | undefined => {
  const [only, ...others] = spec.parents;
  const parent = only === undefined || others.length > 0 ? null : ctx.store.getAttempt(only);
  if (parent === null) return undefined;
  return { score: parent.status === 'scored' ? parent.score : null, direction: ctx.config.objective.direction };
};

/** The brief of one attempt in its worktree: the parents' and inspirations' results, and a forked session for an optimizer. */
export const briefAgent = (ctx: BriefDeps, attempt: AttemptRecord, spec: AttemptSpec, worktree: string): AgentBrief => {
  const firstParent = spec.parents[0];
  const parent = spec.role === 'optimizer' && firstParent ? ctx.store.getAttempt(firstParent) : null;
  // A session is forked on the backend (pool entry) that recorded it; across backends the optimizer starts fresh from the parent's program and findings.
  const forkFrom = parent && parent.backend === attempt.backend ? parent.session ?? undefined : undefined;
  const prompt = composeAgentPrompt({
    task: ctx.task,
    objective: ctx.config.objective,
    role: spec.role,
    attemptId: attempt.id,
    context: spec.context,
    parents: briefsOf(ctx, spec.parents),
    inspirations: briefsOf(ctx, shownInspirations(ctx, spec)),
    evalCommand: SELF_EVAL_COMMAND,
    worktree,
    memory: ctx.memory ?? null,
    ...(forkFrom && firstParent ? { forkedFrom: { attemptId: firstParent, worktree: attemptWorktree(ctx.paths, firstParent) } } : {}),
  });
  const parentScore = parentScoreOf(ctx, spec);
  return { prompt, ...(forkFrom ? { forkFrom } : {}), inspirations: readablePrograms(ctx, spec), ...(parentScore ? { parentScore } : {}) };
};
