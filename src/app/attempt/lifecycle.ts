import type { AttemptSpec } from '../../core/types.js';
import type { AttemptRecord } from '../../store/records.js';
import type { Logger } from '../setup/logger.js';
import { attemptWorktree } from '../setup/project-paths.js';
import type { RunContext } from '../run/run-context.js';
import { briefAgent } from './agent-brief.js';
import { auditChange } from './audit/audit-change.js';
import { commitWork, type CommittedWork } from './commit.js';
import { evaluateWork } from './evaluate.js';
import { waitToStart } from './limits/backend-gate.js';
import { prepareWorktree } from './prepare.js';
import { recordAttempt } from './record.js';
import { interruptAttempt, recordCrash, recordSetupFailure } from './record-stop.js';
import { provisionAttempt } from './provision.js';
import { releaseAttempt } from './release.js';
import { runAgent } from './run-agent.js';

/** How the steps of an attempt ended: recorded, interrupted (drain, second Ctrl-C, kill), or broken by an error of swarm. */
type Ending = { kind: 'recorded' } | { kind: 'interrupted' } | { kind: 'crashed'; error: unknown };

const INTERRUPTED: Ending = { kind: 'interrupted' };

interface Out {
  log: Logger;
  report: (line: string) => void;
  /** Called when the official evaluation gets its slot (see evaluateWork). */
  evaluating: () => void;
}

/**
 * The steps that hold an agent slot: prepare, agent, commit. Null when the attempt does not start
 * (draining, or its backend's limit ended by Ctrl-C) or a Ctrl-C ended a wait for a limit.
 */
const agentSlot = async (ctx: RunContext, attempt: AttemptRecord, spec: AttemptSpec, out: Out): Promise<CommittedWork | 'setup-failed' | null> => {
  // Draining: an attempt still waiting for a slot never starts (it is recorded as interrupted).
  if (ctx.force.aborted || ctx.drain.aborted) return null;
  // A backend closed by a rate or usage limit starts nothing new until it lifts.
  if (!(await waitToStart(ctx, attempt.id))) return null;
  const prepared = await prepareWorktree(ctx, attempt, spec, attemptWorktree(ctx.paths, attempt.id), out.log);
  const setupFailure = await provisionAttempt(ctx, attempt, prepared.worktree, out);
  if (setupFailure !== null) {
    await recordSetupFailure(ctx, attempt, spec, setupFailure, out.log);
    return 'setup-failed';
  }
  const brief = briefAgent(ctx, attempt, spec, prepared.worktree);
  const outcome = await runAgent(ctx, attempt, spec, prepared, brief, out);
  if (outcome === null) return null;
  return commitWork(ctx, attempt, spec, prepared, outcome, brief.forkFrom);
};

const steps = async (ctx: RunContext, attempt: AttemptRecord, spec: AttemptSpec, out: Out): Promise<Ending> => {
  const work = await ctx.agentQueue.add(() => agentSlot(ctx, attempt, spec, out));
  if (!work || ctx.force.aborted) return INTERRUPTED;
  if (work === 'setup-failed') return { kind: 'recorded' };
  const audit = await auditChange(ctx, { base: work.baseCommit, head: work.head }, work.diff.paths, spec.parents);
  ctx.store.updateAttempt(attempt.id, { codeSignature: audit.signature });
  const result = await evaluateWork(ctx, attempt, spec, work, audit, out.evaluating);
  if (result === null) return INTERRUPTED;
  await recordAttempt(ctx, attempt, spec, result);
  return { kind: 'recorded' };
};

/**
 * The attempt life cycle of DESIGN.md: prepare, agent, commit, audit, evaluate, record, release.
 * Each step is its own module; core/attempt-phases.ts owns the phase transitions they write.
 */
export const executeAttempt = async (
  ctx: RunContext,
  attempt: AttemptRecord,
  spec: AttemptSpec,
  report: (line: string) => void = () => undefined,
  evaluating: () => void = () => undefined,
): Promise<void> => {
  const log = ctx.logger.child({ run: ctx.runId, attempt: attempt.id, backend: attempt.backend });
  try {
    // An error after a second Ctrl-C is the interruption's doing (killed children, aborted git).
    const ending = await steps(ctx, attempt, spec, { log, report, evaluating }).catch((error: unknown): Ending => (ctx.force.aborted ? INTERRUPTED : { kind: 'crashed', error }));
    if (ending.kind === 'interrupted') interruptAttempt(ctx, attempt.id);
    if (ending.kind === 'crashed') await recordCrash(ctx, attempt, spec, ending.error, log);
  } finally {
    await releaseAttempt(ctx, attempt.id, attemptWorktree(ctx.paths, attempt.id));
  }
};
