import { composeAgentPrompt, type ParentBrief } from '../../core/agent-prompt.js';
import { passedEnv } from '../../core/env-allow-list.js';
import { evaluationStages } from '../../config/index.js';
import { SELF_EVAL_COMMAND, selfEvalCommands } from '../../core/self-eval-commands.js';
import { attemptId } from '../../core/ids.js';
import { isBetter } from '../../core/score.js';
import type { AgentOutcome, InspirationRef } from '../../core/ports.js';
import type { AttemptSpec } from '../../core/types.js';
import type { AttemptRecord } from '../../store/records.js';
import { attemptEvaluationInput, confirmBest, evaluateCheckout, type CheckoutEvaluation } from '../evaluation/evaluate-checkout.js';
import { auditChange, outputUnchanged } from './audit/audit-change.js';
import { rememberCode } from './audit/audit-tree.js';
import { PROTECTED_VIOLATION } from '../evaluation/guard-evaluation.js';
import { recordSelfEvalFailures } from '../evaluation/handoff/driver-evaluation.js';
import { waitToStart } from './limits/backend-gate.js';
import { runAgentParked } from './limits/run-agent-parked.js';
import { attemptWorktree } from '../setup/project-paths.js';
import { recordAttempt, releaseAttempt, type AttemptResult } from './record.js';
import { redactAgentOutcome } from '../evaluation/redaction.js';
import { storeEvaluations, storeResult } from '../evaluation/stored-result.js';
import { PERMISSION_DENIED_EVENT } from './permission-denials.js';
import type { RunContext } from '../run/run-context.js';

const parentBriefs = (ctx: RunContext, parents: readonly string[]): ParentBrief[] =>
  parents.map((id) => {
    const parent = ctx.store.getAttempt(id);
    // Only the run's own evaluations: review and held-out scores are never shown to agents.
    const lastEval = parent ? ctx.store.listEvaluations(id).filter((e) => e.kind === 'official' || e.kind === 'baseline' || e.kind === 'confirm').at(-1) : undefined;
    return {
      id,
      score: parent?.score ?? null,
      status: parent?.status ?? 'unknown',
      hypothesis: parent?.hypothesis ?? null,
      feedback: lastEval?.feedback ?? null,
      reason: parent?.reason ?? null,
    };
  });

/** Other attempts to show an agent: the Shepherd's informed-by picks first, then the run's best. */
const inspirationIds = (ctx: RunContext, spec: AttemptSpec): string[] => {
  const limit = ctx.config.agent.diff.inspirations;
  if (limit <= 0) return [];
  const best = ctx.store.bestAttemptIds(ctx.runId, ctx.config.objective.direction, limit + spec.parents.length);
  const parents = new Set<string>(spec.parents);
  const chosen = [...new Set<string>([...spec.informedBy, ...best])].filter((id) => !parents.has(id));
  return chosen.slice(0, limit);
};

const parentCommits = (ctx: RunContext, parents: readonly string[]): Array<{ commit: string; label: string }> =>
  parents.map((id) => {
    const parent = ctx.store.requireAttempt(id);
    const commit = parent.tipCommit ?? parent.headCommit;
    if (commit === null) throw new Error(`parent ${id} of a new attempt has no commit; only recorded attempts can be parents`);
    return { commit, label: id };
  });

/** Commits of the declared sources (informed-by) that have one, for agents that read programs. */
const inspirationCommits = (ctx: RunContext, spec: AttemptSpec): InspirationRef[] =>
  spec.informedBy
    .filter((id) => !spec.parents.includes(id))
    .flatMap((id) => {
      const source = ctx.store.getAttempt(id);
      const commit = source?.tipCommit ?? source?.headCommit ?? null;
      return commit === null ? [] : [{ attemptId: attemptId(id), commit, score: source?.score ?? null }];
    });

const trailersFor = (attempt: AttemptRecord, spec: AttemptSpec): Record<string, string> => ({
  'Swarm-Attempt': attempt.id,
  'Swarm-Parent': spec.parents.join(', '),
  ...(spec.informedBy.length > 0 ? { 'Informed-By': spec.informedBy.join(', ') } : {}),
});

/** The attempt life cycle of DESIGN.md: prepare, agent, commit, evaluate, record, release. */
export const executeAttempt = async (ctx: RunContext, attempt: AttemptRecord, spec: AttemptSpec, report: (line: string) => void = () => undefined): Promise<void> => {
  const log = ctx.logger.child({ run: ctx.runId, attempt: attempt.id, backend: attempt.backend });
  const worktree = attemptWorktree(ctx.paths, attempt.id);
  const trailers = trailersFor(attempt, spec);
  let result: AttemptResult | null = null;
  try {
    const agentStep = await ctx.agentQueue.add(async () => {
      // Draining: an attempt still waiting for a slot never starts (it is recorded as interrupted).
      if (ctx.force.aborted || ctx.drain.aborted) return null;
      // A backend closed by a rate or usage limit starts nothing new until it lifts.
      if (!(await waitToStart(ctx, attempt.id))) return null;
      const prepared = await ctx.workspace.prepareAttempt({
        branch: attempt.branch,
        worktreePath: worktree,
        parents: parentCommits(ctx, spec.parents),
        message: spec.parents.length > 1 ? `swarm: prepare ${attempt.id}, merge of ${spec.parents.join(' and ')}` : `swarm: prepare ${attempt.id}`,
        trailers,
      });
      if (prepared.conflicts.length > 0) log.info({ conflicts: prepared.conflicts }, 'merge conflicts resolved mechanically');
      const firstParent = spec.parents[0];
      const forkFrom = spec.role === 'optimizer' && firstParent ? ctx.store.getAttempt(firstParent)?.session ?? undefined : undefined;
      const prompt = composeAgentPrompt({
        task: ctx.task,
        objective: ctx.config.objective,
        role: spec.role,
        attemptId: attempt.id,
        context: spec.context,
        parents: parentBriefs(ctx, spec.parents),
        inspirations: parentBriefs(ctx, inspirationIds(ctx, spec)),
        evalCommand: SELF_EVAL_COMMAND,
        worktree,
        ...(forkFrom && firstParent ? { forkedFrom: { attemptId: firstParent, worktree: attemptWorktree(ctx.paths, firstParent) } } : {}),
      });
      ctx.store.updateAttempt(attempt.id, { phase: 'agent', worktree, baseCommit: prepared.baseCommit, prompt });
      const forkHistoryJson = forkFrom ? ctx.store.getSessionHistory(forkFrom) : null;
      log.info({ role: spec.role, parents: spec.parents }, 'agent started');
      const handoff = await ctx.evalHandoff?.open({ attemptId: attempt.id, worktree });
      const parked: AgentOutcome | null = await runAgentParked(
        ctx,
        attempt,
        {
          runId: ctx.runId,
          attemptId: attemptId(attempt.id),
          worktree,
          role: spec.role,
          prompt,
          systemPrompt: ctx.systemPrompts[spec.role],
          ...(forkFrom ? { forkFrom } : {}),
          ...(forkHistoryJson !== null ? { forkHistoryJson } : {}),
          ...(ctx.config.agent.model ? { model: ctx.config.agent.model } : {}),
          maxTurns: ctx.config.agent.maxTurns,
          timeoutMs: ctx.config.agent.timeoutMs,
          seed: spec.seed,
          // What the evaluator gets beyond the allow-list, so an agent's commands can run it too.
          env: { ...passedEnv(process.env, ctx.config.evaluator.passEnv), ...ctx.config.evaluator.env, ...ctx.env, SWARM_ATTEMPT_ID: attempt.id, SWARM_WORKTREE: worktree, ...handoff?.env },
          logDir: attempt.logDir,
          allowedCommands: selfEvalCommands(`${ctx.systemPrompts[spec.role]}\n${prompt}`, evaluationStages(ctx.config.evaluator).map((stage) => stage.command)),
          inspirations: inspirationCommits(ctx, spec),
        },
        { log, report },
      ).finally(() => handoff?.close());
      if (parked === null) return null;
      const outcome = redactAgentOutcome(parked);
      // A failed hand-off is recorded by the driver already; its error also shows in the transcript.
      recordSelfEvalFailures(ctx, attempt.id, outcome.selfEvalFailures?.filter((reason) => handoff === undefined || !reason.includes(`swarm eval in attempt ${attempt.id}`)));
      ctx.store.updateAttempt(attempt.id, {
        phase: 'commit',
        hypothesis: outcome.hypothesis,
        summary: outcome.summary,
        usage: outcome.usage,
        session: outcome.session ?? null,
        transcriptPath: outcome.transcriptPath ?? null,
        error: outcome.error ?? null,
      });
      const denials = outcome.permissionDenials ?? [];
      if (denials.length > 0) ctx.store.addEvent(ctx.runId, PERMISSION_DENIED_EVENT, { count: denials.length, denials }, attempt.id);
      if (outcome.session) {
        ctx.store.saveSession({ attemptId: attempt.id, ref: outcome.session, parentSessionId: forkFrom?.id ?? null, messagesJson: outcome.historyJson ?? null });
      }
      const subject = `${attempt.id}: ${outcome.summary || `${spec.role} attempt`}`;
      const commit = await ctx.workspace.commitAll(worktree, { subject, trailers });
      const diff = await ctx.workspace.diffStat(prepared.baseCommit, commit.commit);
      return { outcome, baseCommit: prepared.baseCommit, head: commit.commit, diff };
    });
    if (agentStep === null || agentStep === undefined || ctx.force.aborted) {
      await interruptAttempt(ctx, attempt);
      return;
    }
    const { outcome, baseCommit, head, diff } = agentStep;
    const audit = await auditChange(ctx, baseCommit, head, diff.paths);
    const flags = [...audit.flags];
    if (outcome.status !== 'completed') {
      const reason = outcome.status === 'abstained' ? `agent abstained: ${outcome.summary}` : `agent failed: ${outcome.error ?? 'no reason given'}`;
      result = { kind: 'failed', reason, head, diff, flags, evaluation: null };
    } else {
      ctx.store.updateAttempt(attempt.id, { phase: 'evaluate', headCommit: head });
      // Against the run's baseline, not the parent: no lineage can carry a changed protected file.
      const violations = await ctx.workspace.protectedViolations(ctx.store.requireRun(ctx.runId).baseCommit, head, ctx.config.evaluator.protect);
      if (violations.length > 0) {
        const reason = `protected files changed: ${violations.join(', ')}; agents may not modify evaluator.protect paths`;
        result = { kind: 'invalid', reason, head, diff, flags: [...flags, PROTECTED_VIOLATION], evaluation: null };
      } else {
        if (audit.reuse) flags.push(`reused:${audit.reuse.from}`);
        const evaluation = audit.reuse ? audit.reuse.evaluation : await ctx.evalQueue.add(() => evaluateAttempt(ctx, attempt, worktree, head));
        if (!evaluation || ctx.force.aborted) {
          await interruptAttempt(ctx, attempt);
          return;
        }
        if (!audit.flags.includes('no-change') && outputUnchanged(ctx, spec.parents[0], evaluation.final)) flags.push('output-unchanged');
        if (evaluation.violations.length > 0) flags.push(PROTECTED_VIOLATION);
        await rememberCode(ctx, audit.codeHash, attempt.id);
        result = evaluation.final.valid
          ? { kind: 'scored', reason: null, head, diff, flags, evaluation }
          : { kind: 'invalid', reason: evaluation.final.reason ?? 'evaluation invalid', head, diff, flags, evaluation };
        storeResult(ctx, attempt.id, result, audit.reuse ? evaluation.results : []);
      }
    }
    await recordAttempt(ctx, attempt, spec, result);
  } catch (error) {
    if (ctx.force.aborted) {
      await interruptAttempt(ctx, attempt);
      return;
    }
    log.error({ err: error }, 'attempt failed with an unexpected error');
    const reason = `swarm could not complete the attempt: ${error instanceof Error ? error.message : String(error)}`;
    // The terminal status first, without git: whatever broke the attempt may break git too.
    ctx.store.transaction(() => {
      ctx.store.updateAttempt(attempt.id, { status: 'failed', phase: 'done', reason, flags: ['infrastructure'], finishedAt: Date.now() });
      ctx.store.addEvent(ctx.runId, 'attempt.finished', { status: 'failed', score: null, reason }, attempt.id);
    });
    await recordAttempt(ctx, attempt, spec, { kind: 'failed', reason, head: null, diff: null, flags: ['infrastructure'], evaluation: null }).catch((recordError: unknown) =>
      log.warn({ err: recordError }, 'no findings entry for the failed attempt'),
    );
  } finally {
    await releaseAttempt(ctx, attempt.id, worktree);
  }
};

/**
 * Official evaluation. Every attempt of a run is scored with the same seed (`shepherd.seed`, the
 * default of `swarm eval` too), so scores of a stochastic evaluator are comparable and an agent's
 * own measurements match the official one; confirmations use the following seeds.
 */
const evaluateAttempt = async (ctx: RunContext, attempt: AttemptRecord, worktree: string, head: string): Promise<CheckoutEvaluation> => {
  const input = await attemptEvaluationInput(ctx, attempt, worktree, 'official', ctx.config.shepherd.seed);
  const first = await evaluateCheckout(input);
  // Stored at once (not in the record step): a kill from here on never evaluates this commit again.
  if (!ctx.force.aborted) storeEvaluations(ctx, attempt.id, first.results, head);
  const confirm = ctx.config.evaluator.confirm;
  if (!first.final.valid || confirm <= 0 || !isBetter(first.final.score, ctx.incumbent?.score ?? null, ctx.config.objective.direction)) return first;
  const confirmed = await confirmBest(input, first.final, confirm);
  if (!ctx.force.aborted) storeEvaluations(ctx, attempt.id, confirmed.results, head);
  return { final: confirmed.final, results: [...first.results, ...confirmed.results], violations: confirmed.violations };
};

/** Second Ctrl-C or a kill: the attempt is marked interrupted and its branch removed, to be re-planned. */
const interruptAttempt = async (ctx: RunContext, attempt: AttemptRecord): Promise<void> => {
  ctx.store.transaction(() => {
    ctx.store.updateAttempt(attempt.id, { status: 'interrupted', finishedAt: Date.now() });
    ctx.store.addEvent(ctx.runId, 'attempt.interrupted', {}, attempt.id);
  });
};
