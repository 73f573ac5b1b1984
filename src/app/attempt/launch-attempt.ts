import { stripControl } from '../../core/text/terminal-text.js';
import { attemptBranch, attemptId } from '../../core/domain/ids.js';
import { formatScore } from '../../core/domain/score.js';
import type { AttemptSpec } from '../../core/domain/types.js';
import { EDIT_FAILED, editFailureNoteIn } from '../../core/attempt/edit-failed.js';
import type { AttemptRecord } from '../../store/records.js';
import { executeAttempt, type AttemptDeps, type AttemptHooks } from './lifecycle.js';
import { sharedDiskRefusal } from './shared-disk-refusal.js';
import { attemptLogDir } from '../project/project-paths.js';
import type { RunDeps, RunState } from '../context/run-context.js';

/** What recording a planned attempt needs: the store, the run, and where its logs go. */
export type CreateAttemptDeps = Pick<RunDeps, 'runId' | 'store' | 'paths'>;

/** What running a planned attempt needs: its life cycle's deps, and the breaker and incumbent its end is reported to. */
export type LaunchDeps = AttemptDeps & Pick<RunDeps, 'store' | 'config' | 'paths'> & Pick<RunState, 'incumbent' | 'halt' | 'breaker'>;

/** Records a planned attempt in the store (id, branch, edges). */
export const createPlannedAttempt = (ctx: CreateAttemptDeps, wave: number, spec: AttemptSpec): AttemptRecord =>
  ctx.store.createAttempt({
    runId: ctx.runId,
    wave,
    role: spec.role,
    operator: spec.operator,
    backend: spec.backend,
    seed: spec.seed,
    context: spec.context,
    parents: spec.parents,
    informedBy: spec.informedBy,
    paths: (id) => ({ branch: attemptBranch(ctx.runId, attemptId(id)), logDir: attemptLogDir(ctx.paths, id) }),
  });

/** What a progress line says of an attempt's end: its score, else its status and the reason when there is one. */
export const outcomeText = (done: Pick<AttemptRecord, 'status' | 'score' | 'reason' | 'error'>, metric: string): string => {
  if (done.status === 'scored') return `${metric} = ${formatScore(done.score)}`;
  const detail = [done.reason, done.error].find((text) => text !== null && text.trim() !== '');
  return detail === undefined ? done.status : `${done.status}: ${detail}`;
};

/**
 * Runs one planned attempt to its record and prints its progress line; `hooks` tell a scheduler
 * when its agent slot and its place before the evaluation are free.
 */
export const runPlannedAttempt = async (ctx: LaunchDeps, record: AttemptRecord, spec: AttemptSpec, report: (line: string) => void, hooks?: AttemptHooks): Promise<void> => {
  await executeAttempt(ctx, record, spec, report, hooks);
  const done = ctx.store.requireAttempt(record.id);
  const what = outcomeText(done, ctx.config.objective.metric);
  const star = ctx.incumbent?.id === done.id ? ' ★ new best' : '';
  const flags = done.flags.length > 0 ? ` [${done.flags.join(', ')}]` : '';
  // Why nothing changed, in the agent's words (its note is the attempt's error).
  const why = done.flags.includes(EDIT_FAILED) && done.status !== 'failed' && done.error !== null ? `; ${editFailureNoteIn(done.error)}` : '';
  report(stripControl(`  ${done.id} ${spec.role} from ${spec.parents.join('+')}: ${what}${flags}${star}${why}`));
  // The worktrees' disk refused the agent and `.swarm`'s refuses too: the disk-full stop, not the breaker.
  const refusal = await sharedDiskRefusal(done, ctx.paths.swarmDir);
  if (refusal !== null && ctx.halt?.(refusal) === true) return;
  ctx.breaker.observe(done);
};
