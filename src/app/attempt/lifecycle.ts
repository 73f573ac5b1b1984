import type { AttemptSpec } from '../../core/domain/types.js';
import type { AttemptRecord } from '../../store/records.js';
import type { Logger } from '../project/logger.js';
import { attemptWorktree } from '../project/project-paths.js';
import type { RunDeps, RunState } from '../context/run-context.js';
import { briefAgent, type AgentBrief, type BriefDeps } from './agent-brief.js';
import { auditChange, type AuditDeps } from './audit/audit-change.js';
import { commitWork, type CommitDeps } from './commit.js';
import { reviseNearDuplicate, type AgentTurnResult, type ReviseDeps } from './revise-near-duplicate.js';
import { evaluateWork, type EvaluateDeps } from './evaluate.js';
import { waitToStart, type GateDeps } from './backend-gate.js';
import { prepareWorktree, type PrepareDeps } from './prepare.js';
import { recordAttempt, type AttemptOrigin, type AttemptResult, type RecordDeps } from './record.js';
import { interruptAttempt, recordCrash, recordSetupFailure, type InterruptDeps, type StopDeps } from './record-stop.js';
import { provisionAttempt, type ProvisionDeps } from './provision.js';
import { releaseAttempt, type ReleaseDeps } from './release.js';
import { runAgent, type RunAgentDeps } from './run-agent.js';
import { attemptAgent, type AttemptAgentDeps } from './attempt-backend.js';

/** How the steps of an attempt ended: recorded, interrupted (drain, second Ctrl-C, kill), or broken by an error of swarm. */
type Ending = { kind: 'recorded' } | { kind: 'interrupted' } | { kind: 'crashed'; error: unknown };

const INTERRUPTED: Ending = { kind: 'interrupted' };

/** Moments of an attempt a scheduler acts on. */
export interface AttemptHooks {
  /** The agent step ended (or the attempt ended before it): its agent slot is free. */
  agentDone?: () => void;
  /** The official evaluation got its slot (see evaluateWork), or the attempt ended without one. */
  evaluating?: () => void;
}

interface Out {
  log: Logger;
  report: (line: string) => void;
  hooks: Required<AttemptHooks>;
}

/** What choosing an explorer's instruction variant needs. */
type InstructionsDeps = Pick<RunDeps, 'instructions'> & Pick<RunState, 'force'>;

/**
 * What the agent's turn needs: its gate, its agent, the prepare, provision, brief, agent and commit
 * steps, an agent slot, and the stops that keep a waiting attempt from starting.
 */
type AgentTurnDeps = GateDeps & AttemptAgentDeps & PrepareDeps & ProvisionDeps & StopDeps & BriefDeps & InstructionsDeps & RunAgentDeps & CommitDeps
  & Pick<RunDeps, 'paths' | 'agentQueue'> & Pick<RunState, 'drain' | 'force'>;

/** What a planned attempt's steps need: its agent's turn, then the audit, the revise step and the evaluation. */
type PlannedStepsDeps = AgentTurnDeps & AuditDeps & ReviseDeps & EvaluateDeps;

/** What running any variant's steps to the end needs: the record, the stops (interrupted, crashed, halted) and the release. */
export type RunAttemptDeps = RecordDeps & InterruptDeps & StopDeps & ReleaseDeps & Pick<RunDeps, 'paths'> & Pick<RunState, 'force' | 'halt'>;

/** What the life cycle of a planned attempt needs: the intersection of its steps' deps, and the run's logger. */
export type AttemptDeps = RunAttemptDeps & PlannedStepsDeps & Pick<RunDeps, 'runId' | 'logger'>;

/** An explorer's brief with its instruction variant (shepherd.metaPrompts), chosen when its agent starts. */
const withInstructions = async (ctx: InstructionsDeps, attempt: AttemptRecord, spec: AttemptSpec, brief: AgentBrief): Promise<AgentBrief> =>
  spec.role === 'explorer' && ctx.instructions ? { ...brief, systemPrompt: await ctx.instructions.give(attempt, ctx.force) } : brief;

/**
 * The agent's turn, the only step that holds an agent slot (`concurrency.agents`): prepare runs
 * before it and commit after it, so a slot passes to the next prepared attempt the moment an agent
 * ends. Null when the attempt does not start (draining, a Ctrl-C) or a Ctrl-C ended a wait.
 */
const agentTurn = async (ctx: AgentTurnDeps, attempt: AttemptRecord, spec: AttemptSpec, out: Out): Promise<AgentTurnResult | 'setup-failed' | null> => {
  // Draining: an attempt still waiting for a slot never starts (it is recorded as interrupted).
  if (ctx.force.aborted || ctx.drain.aborted) return null;
  // The gate of the attempt's own backend (its pool entry): a limited entry holds only its attempts.
  const gate = { ...ctx, backend: attemptAgent(ctx, attempt).backend };
  // A backend closed by a rate or usage limit starts nothing new until it lifts (asked again when
  // the slot is there: a limit may have closed it while this attempt waited for one).
  if (!(await waitToStart(gate, attempt.id))) return null;
  const prepared = await prepareWorktree(ctx, attempt, spec, attemptWorktree(ctx.paths, attempt.id), out.log);
  const setupFailure = await provisionAttempt(ctx, attempt, prepared.worktree, out);
  if (setupFailure !== null) {
    out.hooks.agentDone();
    await recordSetupFailure(ctx, attempt, spec, setupFailure, out.log);
    return 'setup-failed';
  }
  let brief = briefAgent(ctx, attempt, spec, ctx.workspace.projectFolder(prepared.worktree));
  const outcome = await ctx.agentQueue
    .add(async () => {
      if (ctx.force.aborted || ctx.drain.aborted || !(await waitToStart(gate, attempt.id))) return null;
      brief = await withInstructions(ctx, attempt, spec, brief);
      return runAgent(ctx, attempt, spec, prepared, brief, out);
    })
    .finally(() => out.hooks.agentDone());
  if (!outcome) return null;
  return { work: await commitWork(ctx, attempt, spec, prepared, outcome, brief.forkFrom), prepared, brief };
};

/**
 * The steps of one attempt, in the order of DESIGN.md: `work` (prepare, agent, commit: the work
 * to judge, a setup failure it recorded, or null when interrupted), then `evaluate` (audit and
 * evaluation: the result stored, or null when interrupted), then record. A planned attempt and the
 * baseline (no agent, nothing to commit, no audit: see baseline.ts) are two variants of this list.
 */
export interface AttemptSteps<Work> {
  work: () => Promise<Work | 'setup-failed' | null>;
  evaluate: (work: Work) => Promise<AttemptResult | null>;
}

const runSteps = async <Work>(ctx: RunAttemptDeps, attempt: AttemptRecord, origin: AttemptOrigin, steps: AttemptSteps<Work>): Promise<Ending> => {
  const work = await steps.work();
  if (work === null || ctx.force.aborted) return INTERRUPTED;
  if (work === 'setup-failed') return { kind: 'recorded' };
  const result = await steps.evaluate(work);
  if (result === null) return INTERRUPTED;
  await recordAttempt(ctx, attempt, origin, result);
  return { kind: 'recorded' };
};

/** The step list of a planned attempt: its agent's turn, then the audit of the change and its evaluation. */
const plannedSteps = (ctx: PlannedStepsDeps, attempt: AttemptRecord, spec: AttemptSpec, out: Out): AttemptSteps<AgentTurnResult> => ({
  work: () => agentTurn(ctx, attempt, spec, out),
  evaluate: async (turn) => {
    const first = await auditChange(ctx, { base: turn.work.baseCommit, head: turn.work.head }, turn.work.diff.paths, spec.parents, turn.work.diff.links);
    ctx.store.updateAttempt(attempt.id, { codeSignature: first.signature });
    // A near-duplicate on an agent that can revise is asked once to try something different.
    const revised = await reviseNearDuplicate(ctx, attempt, spec, turn, first, out);
    if (!revised || ctx.force.aborted) return null;
    return evaluateWork(ctx, attempt, spec, revised.work, revised.audit, () => out.hooks.evaluating());
  },
});

/**
 * Runs a variant's steps to the attempt's end, then releases its worktree: interrupted (a drain, a
 * second Ctrl-C) is recorded as such; an error of swarm is recorded as the attempt's crash, or,
 * for the baseline (`crashes: 'thrown'`, nothing can run without it), thrown after the release.
 */
export const runAttempt = async <Work>(
  ctx: RunAttemptDeps,
  attempt: AttemptRecord,
  origin: AttemptOrigin,
  steps: AttemptSteps<Work>,
  options: { log: Logger; crashes: 'recorded' | 'thrown'; ended?: () => void },
): Promise<void> => {
  try {
    const ending = await runSteps(ctx, attempt, origin, steps).catch((error: unknown): Ending => {
      // A full disk stops the run: the attempt is interrupted (resumed later), not its failure.
      if (ctx.halt?.(error) === true) return INTERRUPTED;
      if (options.crashes === 'thrown') throw error;
      // An error after a second Ctrl-C is the interruption's doing (killed children, aborted git).
      return ctx.force.aborted ? INTERRUPTED : { kind: 'crashed', error };
    });
    if (ending.kind === 'interrupted') {
      try {
        interruptAttempt(ctx, attempt.id);
      } catch (error) {
        // The disk filled up again: the run's own stop (or the next recovery) marks it.
        if (ctx.halt?.(error) !== true) throw error;
      }
    }
    if (ending.kind === 'crashed') await recordCrash(ctx, attempt, origin, ending.error, options.log);
  } finally {
    // Ended without reaching them (failed, interrupted, crashed): the slots are free all the same.
    options.ended?.();
    await releaseAttempt(ctx, attempt.id, attemptWorktree(ctx.paths, attempt.id));
  }
};

/**
 * The attempt life cycle of DESIGN.md: prepare, agent, commit, audit, evaluate, record, release.
 * Each step is its own module; core/attempt/attempt-phases.ts owns the phase transitions they write.
 */
export const executeAttempt = async (
  ctx: AttemptDeps,
  attempt: AttemptRecord,
  spec: AttemptSpec,
  report: (line: string) => void = () => undefined,
  given: AttemptHooks = {},
): Promise<void> => {
  const log = ctx.logger.child({ run: ctx.runId, attempt: attempt.id, backend: attempt.backend });
  const once = (hook: (() => void) | undefined): (() => void) => {
    let called = false;
    return () => {
      if (called) return;
      called = true;
      hook?.();
    };
  };
  const hooks = { agentDone: once(given.agentDone), evaluating: once(given.evaluating) };
  const ended = (): void => {
    hooks.agentDone();
    hooks.evaluating();
  };
  await runAttempt(ctx, attempt, spec, plannedSteps(ctx, attempt, spec, { log, report, hooks }), { log, crashes: 'recorded', ended });
};
